// Runs linkify-it for the bench command. Reads one JSON request on stdin:
//   {"mode":"bench","files":[...],"minSeconds":0.3} -> {"file": cpuMBps, ...} per file, plus wall
//   {"mode":"suite","cases":[{"input":"...","fuzzy":true,"fuzzyIP":true}]} -> [[{index,lastIndex,raw,schema}]]
import LinkifyIt from 'linkify-it';
import { readFileSync } from 'node:fs';

const req = JSON.parse(readFileSync(0, 'utf8'));

function linkifier(fuzzy, fuzzyIP) {
  return new LinkifyIt({}, { fuzzyLink: fuzzy, fuzzyEmail: true, fuzzyIP: fuzzyIP });
}

if (req.mode === 'bench') {
  const out = {};
  const l = linkifier(false, false);
  for (const f of req.files) {
    const text = readFileSync(f, 'utf8');
    const bytes = Buffer.byteLength(text, 'utf8');
    let best = 0, bestWall = 0;
    for (let round = 0; round < 3; round++) {
      let n = 0;
      const c0 = process.cpuUsage(), w0 = process.hrtime.bigint();
      let cpu = 0;
      do {
        l.match(text);
        n++;
        const c = process.cpuUsage(c0);
        cpu = (c.user + c.system) / 1e6;
      } while (cpu < req.minSeconds);
      const wall = Number(process.hrtime.bigint() - w0) / 1e9;
      best = Math.max(best, n * bytes / 1e6 / cpu);
      bestWall = Math.max(bestWall, n * bytes / 1e6 / wall);
    }
    out[f] = { cpu: best, wall: bestWall };
  }
  process.stdout.write(JSON.stringify(out));
} else {
  const res = req.cases.map((c) => {
    const m = linkifier(c.fuzzy, c.fuzzyIP).match(c.input) || [];
    return m.map((x) => ({ index: x.index, lastIndex: x.lastIndex, raw: x.raw, schema: x.schema }));
  });
  process.stdout.write(JSON.stringify(res));
}
