package mail

import (
	"strings"
	"testing"
)

// TestLooks: what a reader of the file sees decides. Messages and mbox
// archives as mail clients, list archives and MTAs write them are mail;
// notes, changelogs and metadata blocks whose first lines look like
// fields are text.
func TestLooks(t *testing.T) {
	longDKIM := "DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=example.org; s=mail;\n" +
		strings.Repeat("\tb=AbCdEfGhIjKlMnOpQrStUvWxYz0123456789AbCdEfGhIjKlMnOpQrStUvWxYz0123\n", 20)
	for _, tc := range []struct {
		name, in string
		want     bool
	}{
		{"message", "From: Alice Example <alice@example.org>\nTo: bob@example.org\nSubject: Lunch\nDate: Mon, 4 Mar 2024 10:00:00 +0100\nMessage-ID: <1234@mail.example.org>\n\nSee https://example.org/menu\n", true},
		{"crlf message", "Return-Path: <alice@example.org>\r\nReceived: from mx.example.org by mail.example.net; Mon, 4 Mar 2024 10:00:00 +0100\r\nSubject: x\r\n\r\nbody\r\n", true},
		{"folded received", "Received: from mx1.example.org (mx1.example.org [192.0.2.1])\n\tby mail.example.net with ESMTPS id 4Tq\n\tfor <bob@example.net>; Mon, 4 Mar 2024 10:00:00 +0100\nSubject: Re: build\n\nok\n", true},
		{"mbox", "From alice@example.org Mon Mar  4 10:00:00 2024\nFrom: alice@example.org\nSubject: one\n\nhello\n\nFrom bob@example.org Mon Mar  4 10:00:01 2024\nFrom: bob@example.org\nSubject: two\n\nbye\n", true},
		{"mime version with comment", "MIME-Version: 1.0 (Produced by PhoneMail)\nContent-Type: text/plain; charset=us-ascii\n\nhi\n", true},
		{"mime version comment first", "MIME-Version: (produced by metasend V1.0) 1.0\nContent-Type: text/plain\n\nhi\n", true},
		{"bounce", "Return-Path: <>\nFrom: MAILER-DAEMON@mail.example.org (Mail Delivery System)\nSubject: Undelivered Mail Returned to Sender\n\nThis is the mail system.\n", true},
		{"message-id first", "Message-ID: <CAB+x=1@mail.gmail.com>\nDate: Tue, 5 Mar 2024 08:00:00 +0000\nSubject: hi\n\nbody\n", true},
		{"x-fields then from", "X-Mailer: Mutt\nX-Original-To: bob@example.org\nFrom: Alice <alice@example.org>\n\nbody\n", true},
		{"header longer than the head", "Received: from a.example.org by b.example.org; Mon, 4 Mar 2024 10:00:00 +0100\n" + longDKIM + "From: alice@example.org\nSubject: x\n\nbody\n", true},

		{"note", "Note: the build server moved to https://ci.example.org/\nPlease update your bookmarks.\n", false},
		{"from alice and prose", "From: Alice\nWe met on Tuesday and she showed me https://example.org/plan.\n", false},
		{"from alice, to bob, no address", "From: Alice\nTo: Bob\n\nHi Bob, the slides are at https://example.org/slides\n", false},
		{"todo list", "TODO: fix the links in https://example.org/docs\nDONE: write the changelog\n\nMore later.\n", false},
		{"pandoc metadata", "Title: Release notes\nAuthor: The team\nDate: 2024-03-04\n\nSee https://example.org/.\n", false},
		{"from prose line", "From here to https://example.org/ is a short walk.\nSecond line.\n", false},
		{"from the desk of", "From the desk of Alice: read https://example.org/memo\n\nThanks.\n", false},
		{"received as a word", "Received: your letter of March 3rd.\nThanks, see https://example.org/reply\n", false},
		{"subject and date only", "Subject: meeting notes\nDate: 2024-03-04\n\nAgenda at https://example.org/agenda\n", false},
		{"one field", "From: alice@example.org\n\nhello https://example.org/\n", false},
		{"field then prose", "From: alice@example.org\nSubject: x\nthis line is prose, not a field\n\n", false},
		{"no blank line, short file", "From: alice@example.org\nSubject: hello\n", false},
		{"space before colon", "Subject : x\nFrom: alice@example.org\n\nbody\n", false},
		{"html", "<html><head><title>x</title></head></html>\n", false},
		{"yaml front matter", "---\ntitle: x\nauthor: alice@example.org\n---\n", false},
		{"changelog", "iriscan (1.2-1) unstable; urgency=medium\n\n  * New upstream release.\n\n -- Alice <alice@example.org>  Mon, 04 Mar 2024 10:00:00 +0100\n", false},
		{"empty", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			head := []byte(tc.in)
			if len(head) > 1024 {
				head = head[:1024] // what --format auto peeks
			}
			if got := Looks(head); got != tc.want {
				t.Errorf("Looks(%q) = %v, want %v", tc.in, got, tc.want)
			}
		})
	}
}
