#!/usr/bin/env python3
"""Builds the sniffer's test samples (see README): about 2 KB of real prose
per language, as UTF-8, from Debian's man pages (rendered by groff) or, for
languages without man pages here, from translations (msgstr) of programs
whose translations gen_sniff.go does not learn from. Run in this directory
on a Debian system with the packages named in README installed."""
import glob, gzip, os, subprocess, sys, unicodedata

MAN = ["en", "ja", "ko", "zh_CN", "zh_TW", "ru", "uk", "pl", "cs", "hu", "de", "fr",
       "es", "it", "pt", "nl", "sv", "da", "ro", "sr", "tr", "hr"]
MO = {  # language: domains, none of them glib20, gtk20 or gtk20-properties
    "el": ["bash", "git", "xkeyboard-config", "psql-15"],
    "he": ["xkeyboard-config", "shared-mime-info", "PackageKit", "iso_3166-2"],
    "ar": ["xkeyboard-config", "shared-mime-info", "apt", "gdk-pixbuf"],
    "fa": ["iso_639-3", "at-spi2-core", "gdk-pixbuf", "iso_3166-1"],
    "lt": ["xkeyboard-config", "shared-mime-info", "dpkg", "iso_3166-2"],
    "lv": ["shared-mime-info", "diffutils", "iso_3166-1", "iso_639-2"],
    "et": ["coreutils", "wget", "tar", "net-tools"],
    "vi": ["coreutils", "binutils", "bfd", "libc"],
    "th": ["dpkg", "apt", "libapt-pkg6.0", "iso_639-3"],
    "bg": ["coreutils", "bash", "libc", "git"],
    "be": ["libc", "coreutils", "systemd", "iso_3166-2"],
    "mk": ["iso_3166-1", "gdk-pixbuf", "at-spi2-core", "software-properties"],
    "sk": ["binutils", "gettext-tools", "dpkg", "libc"],
    "ca": ["coreutils", "bash", "dpkg", "binutils"],
    "sl": ["coreutils", "bash", "gettext-tools", "xkeyboard-config"],
}
SIZE = 2000

def man_text(lang):
    d = "/usr/share/man/man1" if lang == "en" else f"/usr/share/man/{lang}/man1"
    pages = sorted(glob.glob(d + "/*.gz"))
    out = []
    for p in pages:
        src = gzip.open(p).read()
        r = subprocess.run(["groff", "-K", "utf8", "-man", "-Tutf8", "-P-cbou"],
                           input=src, capture_output=True)
        lines = r.stdout.decode("utf-8", "replace").splitlines()[8:-4]
        text = "\n".join(l.rstrip() for l in lines if l.strip())
        if sum(ord(c) > 127 for c in text) < (20 if lang == "en" else 60):
            continue
        out.append(f"[{os.path.basename(p)}]\n" + text)
        if sum(len(t.encode()) for t in out) > SIZE:
            break
    return "\n".join(out)

def mo_text(lang):
    out = []
    for d in MO[lang]:
        f = f"/usr/share/locale/{lang}/LC_MESSAGES/{d}.mo"
        if not os.path.exists(f):
            continue
        r = subprocess.run(["msgunfmt", "--no-wrap", f], capture_output=True)
        for line in r.stdout.decode("utf-8", "replace").splitlines():
            if "\ufffd" in line:
                continue
            if line.startswith("msgstr") and '"' in line:
                s = line.split('"', 1)[1].rsplit('"', 1)[0]
                s = s.replace("\\n", " ").replace('\\"', '"').replace("\\t", " ").strip()
                if sum(ord(c) > 127 for c in s) >= 3:
                    out.append(s)
        out.append("")
    return "\n".join(out)

def cut(text):
    b = text.encode()
    if len(b) <= SIZE:
        return text
    t = b[:SIZE].decode("utf-8", "ignore")
    return t[: t.rfind("\n") + 1] if "\n" in t else t

for lang in MAN + sorted(MO):
    text = man_text(lang) if lang in MAN else mo_text(lang)
    text = unicodedata.normalize("NFC", cut(text))
    with open(f"{lang}.txt", "w") as f:
        f.write(text if text.endswith("\n") else text + "\n")
    print(lang, len(text.encode()), file=sys.stderr)

# x/text cannot write Vietnamese in windows-1258 (it needs the tone marks
# split off, as Microsoft's converter and iconv do): iconv writes it.
subprocess.run("iconv -c -f UTF-8 -t WINDOWS-1258 vi.txt > vi.windows-1258", shell=True, check=True)
