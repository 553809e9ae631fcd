#!/usr/bin/env python3
"""Writes the golden files of rewrite/mail: NAME.eml and NAME.MODE.golden.

The expected outputs are derived here by hand from the standards, with
Python's own codecs (ISO-2022-JP, Shift_JIS, GB18030, UTF-16),
IDNA (RFC 3490 ToASCII of simple labels, equal to UTS #46 here),
percent-encoding (RFC 3987 Section 3.1), quoted-printable (quopri, RFC 2045
Section 6.7, 76-character lines) and base64 (76-character lines), not from
the Go code's output.
"""
import base64, quopri, os
from urllib.parse import quote

D = os.path.dirname(os.path.abspath(__file__))
DIV = '<div style="white-space: pre-wrap">'

def uri(iri):
    scheme, rest = iri.split('://', 1)
    host, _, path = rest.partition('/')
    host = '.'.join(l.encode('idna').decode() if any(ord(c) > 127 for c in l) else l for l in host.split('.'))
    return scheme + '://' + host + ('/' + quote(path, safe="/%") if _ or path else '')

def qp(b, eol):
    e = quopri.encodestring(b.replace(b'\r\n', b'\n'))
    return e.replace(b'\n', eol.encode()) if eol != '\n' else e

def b64(b, eol):
    e = base64.b64encode(b).decode()
    return eol.join(e[i:i+76] for i in range(0, len(e), 76)).encode()

def lines(eol, *ls):
    return ''.join(l + eol for l in ls).encode()

def write(name, eml, **golden):
    open(os.path.join(D, name + '.eml'), 'wb').write(eml)
    for mode, out in golden.items():
        open(os.path.join(D, name + '.' + mode + '.golden'), 'wb').write(out)

def jis(s):
    # RFC 1468: each line in ISO-2022-JP, back to ASCII at its end.
    return s.encode('iso2022_jp')

# 1. UTF-8 quoted-printable text/plain, CRLF.
E = '\r\n'
I1 = 'http://café.example/menü'
hdr = lambda ct, cte: lines(E, 'From: Ana <ana@example.com>', 'To: bo@example.com',
                            'Subject: =?utf-8?q?Men=C3=BC?=', 'Date: Mon, 1 Jan 2024 10:00:00 +0100',
                            'MIME-Version: 1.0', 'Content-Type: ' + ct, 'Content-Transfer-Encoding: ' + cte, '')
body = ('Voir ' + I1 + ' ici.' + E + 'Merci.' + E).encode()
write('utf8-qp', hdr('text/plain; charset=utf-8', 'quoted-printable') + qp(body, E),
      uri=hdr('text/plain; charset=utf-8', 'quoted-printable') +
      qp(('Voir ' + uri(I1) + ' ici.' + E + 'Merci.' + E).encode(), E))
assert uri(I1) == 'http://xn--caf-dma.example/men%C3%BC'

# 2. ISO-2022-JP 7bit, format=flowed DelSp=yes, LF; the IRI is broken by a
# soft break (trailing space deleted when unflowing).
E = '\n'
J = 'http://例え.jp/パス'
ct2 = 'text/plain; charset=ISO-2022-JP; format=flowed; delsp=yes'
h2 = lambda ct, cte='7bit': lines(E, 'From: taro@example.jp', 'Subject: =?ISO-2022-JP?B?GyRCJUYlOSVIGyhC?=',
                                 'MIME-Version: 1.0', 'Content-Type: ' + ct, 'Content-Transfer-Encoding: ' + cte, '')
l1, l2 = 'サイトは http://例え.jp/パ ', 'ス です。'
l3, l4 = 'これは長い文の前半で ', 'これが後半です。'
b2 = b''.join(jis(l) + b'\n' for l in (l1, l2, l3, l4))
# --to uri: the IRI is written back unbroken where it started; the other
# soft break (l3/l4) stays. Only ASCII is written in the replacement.
u2 = jis('サイトは ') + uri(J).encode() + jis(' です。') + b'\n' + jis(l3) + b'\n' + jis(l4) + b'\n'
# linkify: HTML, ISO-2022-JP kept (it can represent the display form),
# the soft break outside the link becomes <wbr>, hard breaks stay.
k2 = (jis(DIV + 'サイトは <a href="' + uri(J) + '" dir="ltr">' + J + '</a> です。') + b'\n' +
      jis('これは長い文の前半で') + b'<wbr>' + jis('これが後半です。') + b'</div>' + b'\n')
write('iso2022jp-flowed', h2(ct2) + b2, uri=h2(ct2) + u2,
      linkify=h2('text/html; charset=ISO-2022-JP') + k2)

# 3. Shift_JIS base64 text/html, CRLF, linkify in place.
E = '\r\n'
h3 = lines(E, 'From: hanako@example.jp', 'MIME-Version: 1.0', 'Content-Type: text/html; charset=Shift_JIS',
           'Content-Transfer-Encoding: base64', '')
html = '<html><body><p>サイト http://例え.jp/ です</p>\r\n<p><a href="http://例え.jp/パス">リンク</a></p></body></html>\r\n'
out3 = html.replace('サイト http://例え.jp/ です', 'サイト <a href="http://xn--r8jz45g.jp/" dir="ltr">http://例え.jp/</a> です')
out3u = html.replace('href="http://例え.jp/パス"', 'href="' + uri(J) + '"')
enc3 = lambda s: b64(s.rstrip('\r\n').encode('shift_jis'), E) + E.encode()
write('sjis-base64-html', h3 + enc3(html), linkify=h3 + enc3(out3), uri=h3 + enc3(out3u))

# 4. GB18030 8bit text/plain, LF, linkify.
E = '\n'
G = 'http://例子.中国/'
h4 = lambda ct: lines(E, 'From: li@example.cn', 'MIME-Version: 1.0', 'Content-Type: ' + ct,
                      'Content-Transfer-Encoding: 8bit', '')
write('gb18030', h4('text/plain; charset=GB18030') + ('请访问 ' + G + ' 谢谢' + E).encode('gb18030'),
      linkify=h4('text/html; charset=GB18030') +
      (DIV + '请访问 <a href="http://xn--fsqu00a.xn--fiqs8s/" dir="ltr">' + G + '</a> 谢谢</div>' + E).encode('gb18030'))

# 5. windows-1252 quoted-printable, CRLF, --to uri.
E = '\r\n'
h5 = lines(E, 'From: zoe@example.fr', 'MIME-Version: 1.0', 'Content-Type: text/plain; charset=windows-1252',
           'Content-Transfer-Encoding: quoted-printable', '')
t5 = lambda i: ('Le caf\u00e9 \u2013 ' + i + ' \u2013 ouvert.' + E).encode('cp1252')
write('win1252-qp', h5 + qp(t5('http://café.example/'), E), uri=h5 + qp(t5('http://xn--caf-dma.example/'), E))

# 6. UTF-16 (with BOM) base64 text/plain, LF, --to uri.
E = '\n'
h6 = lines(E, 'From: w@example.org', 'MIME-Version: 1.0', 'Content-Type: text/plain; charset=utf-16',
           'Content-Transfer-Encoding: base64', '')
t6 = lambda i: b'\xff\xfe' + ('see ' + i + ' now\n').encode('utf-16-le')
write('utf16-base64', h6 + b64(t6('http://例え.jp/'), E) + b'\n',
      uri=h6 + b64(t6('http://xn--r8jz45g.jp/'), E) + b'\n')

# 7. multipart/mixed: multipart/alternative (text/plain 7bit + text/html QP),
# a text/plain attachment and an image, CRLF, linkify.
E = '\r\n'
A = 'http://ümlaut.example/x'
Au = uri(A)
plain = 'Hello,' + E + 'see ' + A + ' & enjoy.' + E
htm = '<p>Hello, see ' + A + '</p>' + E
att = 'attached: ' + A + E
def mixed(plain_hdr, plain_body, html_body):
    return (lines(E, 'From: a@example.com', 'To: b@example.com', 'Subject: mixed', 'MIME-Version: 1.0',
                  'Content-Type: multipart/mixed; boundary="outer"', '', 'This is a MIME preamble.', '--outer',
                  'Content-Type: multipart/alternative; boundary=inner', '', '--inner') +
            plain_hdr + plain_body + E.encode() + lines(E, '--inner',
            'Content-Type: text/html; charset=utf-8', 'Content-Transfer-Encoding: quoted-printable', '') +
            html_body + E.encode() + lines(E, '--inner--', '', '--outer',
            'Content-Type: text/plain; charset=utf-8', 'Content-Disposition: attachment; filename="a.txt"',
            'Content-Transfer-Encoding: 8bit', '') + att.encode() + lines(E, '--outer',
            'Content-Type: image/png', 'Content-Transfer-Encoding: base64', '', 'iVBORw0KGgo=', '--outer--',
            'epilogue'))
ph = lambda ct, cte: lines(E, 'Content-Type: ' + ct, 'Content-Transfer-Encoding: ' + cte, '')
write('alternative',
      mixed(ph('text/plain; charset=utf-8; format=fixed', '8bit'), plain.encode(), qp(htm.encode(), E)),
      linkify=mixed(ph('text/html; charset=utf-8', '8bit'),
                    (DIV + 'Hello,' + E + 'see <a href="' + Au + '" dir="ltr">' + A + '</a> &amp; enjoy.</div>' + E).encode(),
                    qp(('<p>Hello, see <a href="' + Au + '" dir="ltr">' + A + '</a></p>' + E).encode(), E)))

# 8. ISO-8859-1 QP text linkified with a Japanese display form: the charset
# cannot represent it, the part switches to UTF-8. LF.
E = '\n'
h8 = lambda cs: lines(E, 'From: x@example.com', 'MIME-Version: 1.0', 'Content-Type: text/plain; charset="' + cs + '"',
                      'Content-Transfer-Encoding: quoted-printable', '')
h8o = lines(E, 'From: x@example.com', 'MIME-Version: 1.0', 'Content-Type: text/html; charset="utf-8"',
            'Content-Transfer-Encoding: quoted-printable', '')
write('latin1-switch', h8('iso-8859-1') + qp('Voir http://xn--r8jz45g.jp/ au caf\u00e9.\n'.encode('latin-1'), E),
      linkify=h8o + qp((DIV + 'Voir <a href="http://xn--r8jz45g.jp/" dir="ltr">http://例え.jp/</a> au caf\u00e9.</div>\n').encode(), E))

# 9. mbox of 3 messages, LF, --to uri: a changed 8bit part, a message with
# no IRI, a changed base64 part (separator lines and empty lines kept).
E = '\n'
m1h = lines(E, 'From: a@example.com', 'Subject: one', 'Content-Type: text/plain; charset=utf-8',
            'Content-Transfer-Encoding: 8bit', '')
m2 = lines(E, 'From: b@example.com', 'Subject: two', '', 'Nothing to see here.', '>From the archive.')
m3h = lines(E, 'From: c@example.com', 'Subject: three', 'MIME-Version: 1.0', 'Content-Type: text/plain; charset=utf-8',
            'Content-Transfer-Encoding: base64', '')
mb = lambda a, c: (b'From a@example.com Mon Jan  1 00:00:00 2024\n' + m1h + ('Go to ' + a + E).encode() + b'\n' +
                   b'From b@example.com Mon Jan  1 00:00:01 2024\n' + m2 + b'\n' +
                   b'From c@example.com Mon Jan  1 00:00:02 2024\n' + m3h + b64(('Or ' + c + '.\n').encode(), E) + b'\n')
write('mbox', mb('http://例え.jp/a', 'http://bücher.example/'),
      uri=mb('http://xn--r8jz45g.jp/a', 'http://xn--bcher-kva.example/'))
