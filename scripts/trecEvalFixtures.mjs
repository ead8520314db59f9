// Remakes test/fixtures/trec_eval/'s outputs from a trec_eval binary: the commands its README
// lists, each in the folder it names, with the inputs unpacked beside it (trec_eval reads no
// gzip). Build trec_eval 10.0 from its public source with its Makefile (`make`), then:
//
//   node scripts/trecEvalFixtures.mjs /path/to/trec_eval           # rewrite the outputs
//   node scripts/trecEvalFixtures.mjs /path/to/trec_eval --check   # compare, write nothing
//
// --check exits 1 and names each output that differs from what the binary prints now.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';

const [binary, flag] = process.argv.slice(2);
if (binary === undefined || (flag !== undefined && flag !== '--check')) {
  console.error('usage: node scripts/trecEvalFixtures.mjs TREC_EVAL [--check]');
  process.exit(2);
}
const check = flag === '--check';
const root = fileURLToPath(new URL('../test/fixtures/trec_eval/', import.meta.url));

/** The outputs: folder, output file (relative to the fixtures), trec_eval's arguments. */
const ALL_TREC = ['-q', '-m', 'all_trec'];
const PROBE = ['-q', '-m', 'relstring', '-m', 'recip_rank', '-m', 'P.1,2,3,10', '-m', 'map', '-m', 'map_cut.2', '-m', 'ndcg', '-m', 'ndcg_cut.2', '-m', 'recall.2', '-m', 'Rprec', '-m', 'bpref', '-m', 'set_F', '-m', 'rbp'];
const NEG = ['-q', '-m', 'num_rel', '-m', 'num_rel_ret', '-m', 'map', '-m', 'ndcg', '-m', 'ndcg_cut.3', '-m', 'bpref', '-m', 'rbp', '-m', 'rbp_resid', '-m', 'relstring', '-m', 'unj.5', '-m', 'num_nonrel_judged_ret', '-m', 'P.5', '-m', 'recip_rank'];
const outputs = [
  ...[
    ['results.test', 'qrels.test'],
    ['results.trunc', 'qrels.test'],
    ['results-302.test', 'qrels-302.test'],
    ['results.comment.test', 'qrels.comment.test'],
    ['results.test', 'qrels.rel_level'],
  ].flatMap(([run, qrels]) => [
    ['inputs', `outputs/${run}__${qrels}__q_all_trec.txt`, [...ALL_TREC, qrels, run]],
    ['inputs', `outputs/${run}__${qrels}__q_c_all_trec.txt`, ['-c', ...ALL_TREC, qrels, run]],
  ]),
  ['inputs', 'outputs/results.test__qrels.rel_level__q_l2_all_trec.txt', ['-l2', ...ALL_TREC, 'qrels.rel_level', 'results.test']],
  ['inputs', 'outputs/results.test__qrels.rel_level__q_c_l2_all_trec.txt', ['-c', '-l2', ...ALL_TREC, 'qrels.rel_level', 'results.test']],
  ['probes', 'probes/tie.run__tie.qrels__probe.txt', [...PROBE, 'tie.qrels', 'tie.run']],
  ['probes', 'probes/exp.run__tie.qrels__probe.txt', [...PROBE, 'tie.qrels', 'exp.run']],
  ['probes', 'probes/neg.run__neg.qrels__probe_l1.txt', [...NEG, 'neg.qrels', 'neg.run']],
  ['probes', 'probes/neg.run__neg.qrels__probe_l2.txt', ['-l2', ...NEG, 'neg.qrels', 'neg.run']],
  ['probes', 'probes/zr.run__zr.qrels__probe.txt', ['-q', '-m', 'num_q', '-m', 'map', '-m', 'P.1', '-m', 'ndcg', '-m', 'recip_rank', 'zr.qrels', 'zr.run']],
  ['probes', 'probes/r1.run__q1.qrels__q_official.txt', ['-q', '-m', 'official', 'q1.qrels', 'r1.run']],
  ['probes', 'probes/r1.run__q1.qrels__q_c_official.txt', ['-q', '-c', '-m', 'official', 'q1.qrels', 'r1.run']],
  ['probes', 'probes/rbpnorm.run__rbpnorm.qrels__probe_rbp_only.txt', ['-q', '-m', 'rbp', 'rbpnorm.qrels', 'rbpnorm.run']],
  ['probes', 'probes/rbpnorm.run__rbpnorm.qrels__probe_p0.5.txt', ['-q', '-m', 'rbp.p=0.5', 'rbpnorm.qrels', 'rbpnorm.run']],
  ['probes', 'probes/rbpnorm.run__rbpnorm.qrels__probe.txt', ['-q', '-m', 'rbp', '-m', 'rbp_resid', '-m', 'ndcg', 'rbpnorm.qrels', 'rbpnorm.run']],
  // the random sets under each flag set (name, flags, qrels: the -c ones read qrels.c.txt, which adds queries without results)
  ...['s1', 's2', 's3'].flatMap((seed) =>
    JSON.parse(readFileSync(join(root, 'all_trec/flagSets.json'), 'utf8')).map(([set, flags, qrels]) => [`all_trec/${seed}`, `all_trec/${seed}/trec_eval.${set}.txt`, [...ALL_TREC, ...flags, qrels, 'run.txt']]),
  ),
];

/** A fixture's bytes, unpacked when gzipped (by its magic bytes). */
const unpacked = (path) => {
  const bytes = readFileSync(path);
  return bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes;
};

// each folder's inputs unpacked under their plain names, as trec_eval reads them
const work = mkdtempSync(join(tmpdir(), 'trec-eval-fixtures-'));
const unpack = (folder) => {
  const to = join(work, folder);
  if (existsSync(to)) return to;
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(join(root, folder))) {
    if (!/\.(txt|txt\.gz)$/.test(name) || /^(qrels|run)/.test(name)) writeFileSync(join(to, name.replace(/\.gz$/, '')), unpacked(join(root, folder, name)));
  }
  return to;
};

let differing = 0;
try {
  for (const [folder, output, args] of outputs) {
    const r = spawnSync(binary, args, { cwd: unpack(folder), maxBuffer: 1 << 28 });
    if (r.error) throw r.error;
    const files = [[output, r.stdout]];
    if (r.stderr.length > 0) files.push([output.replace(/\.txt(\.gz)?$/, '.stderr.txt'), r.stderr]);
    for (const [plain, bytes] of files) {
      // a large output is kept gzipped (name.gz)
      const name = existsSync(join(root, `${plain}.gz`)) ? `${plain}.gz` : plain;
      const path = join(root, name);
      if (check) {
        if (!existsSync(path) || !unpacked(path).equals(bytes)) {
          differing++;
          console.log(`differs: ${name} (trec_eval ${args.join(' ')}, exit ${r.status})`);
        }
      } else {
        writeFileSync(path, name.endsWith('.gz') ? gzipSync(bytes, { level: 9 }) : bytes);
      }
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log(check ? `${outputs.length} commands; ${differing} outputs differ` : `${outputs.length} outputs written under ${root}`);
process.exit(differing > 0 ? 1 : 0);
