#!/usr/bin/env python3
"""hostile.py CASE OUT [SCALE] — writes one hostile input for iriscan to OUT.

The inputs of bench/hostile.sh (docs/testing.md, "Hostile inputs"): huge or
odd mail, HTML and text, written as a stream so that a 1 GB input needs no
memory here. SCALE (default 1) multiplies the size of the cases that have
one, so that a run at 1 and at 4 shows whether time grows linearly.
Each case whose name ends in ".same" has no IRI to rewrite: `rewrite --to
uri` must give back every byte of it.
"""
import base64
import sys

IRI = "http://例え.テスト/資料?q=東京"
MB = 1 << 20


def prose(n, iri=True):
    """n bytes (about) of lines of prose, one IRI per ~2 KB when iri."""
    line = "The quick brown fox jumps over the lazy dog, again and again. " * 3 + "\n"
    block = line * 10
    if iri:
        block = block[:-1] + " see " + IRI + " now.\n"
    out, size = [], 0
    while size < n:
        out.append(block)
        size += len(block.encode())
    return "".join(out)


def chunks(total, piece):
    """yields piece repeatedly, total bytes in all (the last one cut)."""
    while total > 0:
        p = piece[: total]
        total -= len(p)
        yield p


def w(f, s):
    f.write(s.encode() if isinstance(s, str) else s)


HDR = "From: a@example.org\nTo: b@example.org\nSubject: hostile\nMIME-Version: 1.0\n"


def case(name, f, scale):
    s = scale
    if name == "mail-1g-attachment.same":  # 1 GB message: text, a base64 attachment, text
        w(f, "From a@example.org Mon Mar  4 10:00:00 2024\n" + HDR + "Content-Type: multipart/mixed; boundary=b\n\n")
        w(f, "--b\nContent-Type: text/plain; charset=utf-8\n\nsee http://example.org/a\n")
        w(f, "--b\nContent-Type: application/octet-stream\nContent-Transfer-Encoding: base64\n\n")
        line = (base64.b64encode(bytes(range(57))) + b"\n") * 10000
        for c in chunks(256 * MB * s, line):
            w(f, c)
        w(f, "\n--b\nContent-Type: text/plain\n\nend http://example.org/z\n--b--\n")
    elif name == "mail-1g-text":  # one text part of 256 MB × scale, 8bit, IRIs
        w(f, "From a@example.org Mon Mar  4 10:00:00 2024\n" + HDR + "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n")
        block = prose(4 * MB).encode()
        for c in chunks(256 * MB * s, block):
            w(f, c)
    elif name == "mail-b64-oneline":  # a 75 MB × scale base64 text part without line breaks
        w(f, HDR + "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64\n\n")
        block = base64.b64encode(prose(3 * MB).encode()[: 3 * MB])
        for c in chunks(len(block) * 25 * s, block):
            w(f, c)
        w(f, "\n")
    elif name == "mail-qp-oneline":  # a QP part that is one line of 50 MB × scale
        w(f, HDR + "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n")
        seg = "word=20" * 100 + " http://=E4=BE=8B=E3=81=88.jp/p " 
        for c in chunks(50 * MB * s, seg.encode() * 1000):
            w(f, c)
        w(f, "\n")
    elif name == "mail-header-50m-folded.same":
        w(f, HDR + "X-Long: start")
        for c in chunks(50 * MB * s, b"\n word word word word word word word word word word" * 10000):
            w(f, c)
        w(f, "\n\nbody http://example.org/\n")
    elif name == "mail-header-50m-unfolded.same":
        w(f, HDR + "X-Long: ")
        for c in chunks(50 * MB * s, b"word " * 100000):
            w(f, c)
        w(f, "\n\nbody http://example.org/\n")
    elif name == "mail-100k-headers.same":
        w(f, HDR)
        for i in range(100000 * s):
            w(f, "X-H%d: value %d\n" % (i, i))
        w(f, "Content-Type: text/plain\n\nbody http://example.org/\n")
    elif name == "mail-nest-10000":
        n = 10000 * s
        w(f, HDR)
        for i in range(n):
            w(f, "Content-Type: multipart/mixed; boundary=b%d\n\n--b%d\n" % (i, i))
        w(f, "Content-Type: text/plain; charset=utf-8\n\ndeep " + IRI + "\n")
        for i in reversed(range(n)):
            w(f, "--b%d--\n" % i)
    elif name == "mail-no-close":  # a boundary that never closes: 64 MB × scale of parts
        w(f, HDR + "Content-Type: multipart/mixed; boundary=b\n\n")
        part = "--b\nContent-Type: text/plain; charset=utf-8\n\n" + prose(4000) + "\n"
        for c in chunks(64 * MB * s, part.encode() * 100):
            w(f, c)
    elif name == "mail-1m-parts":
        w(f, HDR + "Content-Type: multipart/mixed; boundary=b\n\n")
        part = ("--b\nContent-Type: text/plain\n\nhttp://例え.jp/%d\n")
        for i in range(1000000 * s // 4):
            w(f, part % i)
        w(f, "--b--\n")
    elif name == "mail-charsets":
        w(f, HDR + "Content-Type: multipart/mixed; boundary=b\n\n")
        w(f, "--b\nContent-Type: text/plain; charset=x-no-such-charset\n\nunknown " + IRI + "\n")
        w(f, "--b\nContent-Type: text/plain; charset=utf-16\nContent-Transfer-Encoding: base64\n\n")
        w(f, base64.encodebytes(("\ufeffutf16 " + IRI + "\n").encode("utf-16-le")))
        w(f, "--b\nContent-Type: text/plain; charset=utf-16le\nContent-Transfer-Encoding: base64\n\n")
        w(f, base64.encodebytes(("utf16le " + IRI + "\n").encode("utf-16-le")))
        w(f, "--b\nContent-Type: text/plain; charset=iso-2022-jp\nContent-Transfer-Encoding: 7bit\n\n")
        w(f, ("jis " + IRI + " です\n").encode("iso-2022-jp"))
        w(f, "--b--\n")
    elif name == "mail-line-ends":
        body = "Content-Type: text/plain; charset=utf-8\n\nline " + IRI + "\nnext\n"
        w(f, (HDR + "Content-Type: multipart/mixed; boundary=b\n\n--b\n" + body).replace("\n", "\r\n"))
        w(f, "--b\r\n" + body.replace("\n", "\r\n", 1) + "--b\n" + body + "--b--\r\n")
    elif name == "mail-nul":
        w(f, HDR + "Content-Type: text/plain; charset=utf-8\n\nnul\x00 " + IRI + "\x00\x00 end\n")
    elif name == "mail-from-escape":
        w(f, "From a@example.org Mon Mar  4 10:00:00 2024\n" + HDR + "Content-Type: text/plain; charset=utf-8\n\n")
        w(f, "text " + IRI + "\n>From the archive\n>>From deeper\nFrom the body, unquoted\n\n")
        w(f, "From b@example.org Mon Mar  4 10:00:01 2024\n" + HDR + "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n")
        w(f, "=46rom here " + IRI.encode().hex("=").upper().join(["=", ""]) + "\n")
    # HTML
    elif name == "html-attr-20m":
        w(f, '<!DOCTYPE html><p title="')
        for c in chunks(20 * MB * s, b"x" * MB):
            w(f, c)
        w(f, '"><a href="' + IRI + '">x</a>\n')
    elif name == "html-comment-100m.same":
        w(f, "<!DOCTYPE html><!--")
        for c in chunks(100 * MB * s, ("see " + IRI + " -- - > ").encode() * 30000):
            w(f, c)
        w(f, '--><a href="http://example.org/">x</a>\n')
    elif name.startswith("html-open-"):  # html-open-script.same etc.: unterminated
        tag = name.split("-")[2].split(".")[0]
        w(f, '<!DOCTYPE html><a href="http://example.org/">x</a><%s>' % tag)
        for c in chunks(100 * MB * s, ('<a href="' + IRI + '">x</a> &amp; ').encode() * 30000):
            w(f, c)
    elif name == "html-1m-attrs":
        w(f, "<!DOCTYPE html><p ")
        for i in range(1000000 * s):
            w(f, 'a%d=v ' % i)
        w(f, 'href="' + IRI + '">x\n<a href="' + IRI + '">y</a>\n')
    elif name == "html-tagname-10m":
        w(f, "<!DOCTYPE html><a")
        for c in chunks(10 * MB * s, b"b" * MB):
            w(f, c)
        w(f, ' href="' + IRI + '">x</a><a href="' + IRI + '">y</a>\n')
    elif name == "html-charrefs":  # references at every offset around 4 KiB .. 64 KiB boundaries
        w(f, "<!DOCTYPE html>")
        for pad in range(0, 70000, 997):
            w(f, "<p>" + "x" * pad + '<a href="http://&#x4F8B;&#x3048;.jp/&amp;&eacute;&#1234567;&notin;">t</a>\n')
    # text
    elif name == "text-line-100m":
        piece = ("word " * 400 + IRI + " ").encode()
        for c in chunks(100 * MB * s, piece * 100):
            w(f, c)
    elif name == "text-line-100m-noiri.same":
        for c in chunks(100 * MB * s, b"word " * 200000):
            w(f, c)
    elif name == "text-iri-run-100m":
        w(f, "http://")
        for c in chunks(100 * MB * s, "例え".encode() * 100000 + b"abcdefgh" * 10000):
            w(f, c)
        w(f, " and " + IRI + "\n")
    elif name == "text-nul-100m.same":
        for c in chunks(100 * MB * s, b"\x00" * MB):
            w(f, c)
    elif name == "text-invalid-utf8":
        piece = b"x\xff\xfe\xc3 \x80http://\xe4\xbe\x8b\xe3\x81\x88.jp/\xff\xe3\x81 " + IRI.encode() + b" \xed\xa0\x80 \xf4\x90\x80\x80\n"
        for c in chunks(20 * MB * s, piece * 10000):
            w(f, c)
    elif name == "text-dense-triggers":  # a trigger every few bytes, no match: ':' '@' "ww." and "://" without hosts
        piece = b"a: b@ c:d ww.x www. w@w http:// :// @@ ::: "
        for c in chunks(100 * MB * s, piece * 20000):
            w(f, c)
    elif name == "text-dense-matches":  # a match every 24 bytes, ASCII and IDN, paths with soft punctuation
        piece = "http://a.example/p.q, www.b.example/x? 例え.jp/資料 j@c.example;\n".encode()
        for c in chunks(100 * MB * s, piece * 20000):
            w(f, c)
    elif name == "text-long-host":  # hosts far past 64 and 253 bytes, ASCII and Cyrillic labels
        w(f, "http://")
        for c in chunks(50 * MB * s, b"ab-c." * 200000):
            w(f, c)
        w(f, " www.")
        for c in chunks(50 * MB * s, "пр.".encode() * 200000):
            w(f, c)
        w(f, " and " + IRI + "\n")
    elif name == "text-utf16-odd":
        w(f, ("\ufeffsee " + IRI + " now\n").encode("utf-16-le") * 1000 + b"\x41")
    else:
        sys.exit("unknown case " + name)


if __name__ == "__main__":
    name, out = sys.argv[1], sys.argv[2]
    scale = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    with open(out, "wb", buffering=1 << 20) as f:
        case(name, f, scale)
