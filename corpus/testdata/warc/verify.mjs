// verify.mjs OUT.warc[.gz] IN.warc[.gz]: checks an iriscan WARC output
// with warcio, an independent parser. warcio does not check digests, so
// this script computes them itself over the blocks warcio parsed; it also
// checks the framing (Content-Length against the block warcio read, the
// records of the input in order and byte for byte), unique record IDs,
// and the fields of each conversion record (WARC 1.1: WARC-Refers-To an
// earlier record, its target URI and date, WARC-Warcinfo-ID the added
// warcinfo record, payload digest equal to block digest).
import { WARCParser } from 'warcio';
import fs from 'node:fs';
import crypto from 'node:crypto';

function base32(buf) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0, value = 0, out = '';
  for (const b of buf) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  while (out.length % 8) out += '=';
  return out;
}

async function records(file) {
  const parser = new WARCParser(fs.createReadStream(file), { keepHeadersCase: true, parseHttp: false });
  const recs = [];
  for await (const record of parser) {
    const block = Buffer.from(await record.readFully(false));
    const h = Object.fromEntries(record.warcHeaders.headers);
    recs.push({ h, block });
  }
  return recs;
}

const [outFile, inFile] = process.argv.slice(2);
const out = await records(outFile);
const inp = await records(inFile);
let fail = 0;
const bad = (msg) => { console.error(`${outFile}: ${msg}`); fail++; };
const digest = (b) => 'sha1:' + base32(crypto.createHash('sha1').update(b).digest());

const ids = new Map();
let info = null;
let orig = 0, conv = 0;
for (const [i, r] of out.entries()) {
  const id = r.h['WARC-Record-ID'];
  if (ids.has(id)) bad(`record ${i}: ID ${id} used twice`);
  ids.set(id, r);
  if (Number(r.h['Content-Length']) !== r.block.length) bad(`record ${i}: Content-Length ${r.h['Content-Length']}, block ${r.block.length}`);
  if (r.h['WARC-Block-Digest'] && r.h['WARC-Block-Digest'] !== digest(r.block)) bad(`record ${i} ${id}: block digest ${r.h['WARC-Block-Digest']}, computed ${digest(r.block)}`);
  const type = r.h['WARC-Type'];
  if (i === 0) {
    if (type !== 'warcinfo' || !r.block.toString().includes('software: iriscan')) bad('first record is not iriscan\'s warcinfo');
    info = id;
    continue;
  }
  if (type === 'conversion' && !inp.some((x) => x.h['WARC-Record-ID'] === id)) {
    conv++;
    const ref = ids.get(r.h['WARC-Refers-To']);
    if (!ref) { bad(`conversion ${id}: WARC-Refers-To ${r.h['WARC-Refers-To']} names no earlier record`); continue; }
    if (!['response', 'resource'].includes(ref.h['WARC-Type'])) bad(`conversion ${id} refers to a ${ref.h['WARC-Type']} record`);
    if (r.h['WARC-Target-URI'] !== ref.h['WARC-Target-URI']) bad(`conversion ${id}: target URI ${r.h['WARC-Target-URI']}`);
    if (r.h['WARC-Date'] !== ref.h['WARC-Date']) bad(`conversion ${id}: date ${r.h['WARC-Date']}`);
    if (r.h['WARC-Warcinfo-ID'] !== info) bad(`conversion ${id}: warcinfo ${r.h['WARC-Warcinfo-ID']}`);
    if (r.h['WARC-Payload-Digest'] !== digest(r.block)) bad(`conversion ${id}: payload digest`);
    if (!/^text\/(html|plain); charset=/.test(r.h['Content-Type'])) bad(`conversion ${id}: Content-Type ${r.h['Content-Type']}`);
    if (/[^\x21-\x7e]/.test(r.h['WARC-Target-URI'] || '')) bad(`conversion ${id}: target URI is not a URI`);
    continue;
  }
  const want = inp[orig++];
  if (!want) { bad(`record ${i} ${id} is not in the input`); continue; }
  if (JSON.stringify(want.h) !== JSON.stringify(r.h) || !want.block.equals(r.block)) bad(`record ${i} differs from input record ${orig - 1} ${want.h['WARC-Record-ID']}`);
}
if (orig !== inp.length) bad(`${orig} input records copied of ${inp.length}`);
if (fail) process.exit(1);
console.log(`${outFile}: ok: ${out.length} records (${orig} copied, ${conv} conversions), digests, IDs and references checked with warcio`);
