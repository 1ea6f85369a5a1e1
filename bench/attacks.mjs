#!/usr/bin/env node
// Detection on the attack corpus (issue 46 item 8): the project's figures per attack class and its
// false alarms per benign tool, beside the same figures for the offline scanners a user could pick
// from npm instead, measured on the same corpus in one run.
//
//   npm run build:cli && node bench/attacks.mjs [--no-peers] [--json]
//
// Corpus: test/corpus/attack-fixtures.ts (the ported servers and their sources) and
// test/corpus/attack-labels.ts (each target with its class and the collection's words; benign targets
// with a reason). Ours: the built CLI, `audit --format json --no-history -- node <fixture>` per
// fixture, `scan` over a two-server configuration per shadowing pair, `audit --exercise all --yes`
// per rug pull (test/corpus/attack-run.ts).
//
// Detection rule (test/corpus/attack-measure.ts): a target is detected when it carries at least one
// *specific* finding at severity medium or above; specific = any id not in GENERIC_IDS (spec-default
// and structural flags). `critical` counts the detected targets with a critical finding. A benign
// target's false alarm = any specific finding at any severity. A rug pull is caught only by a
// critical finding in-session that speaks of a change; otherwise "not caught".
//
// Peers (bench/attack-peers.mjs): installed into a temporary folder outside the repository at bench
// time (`npm install --prefix <tmp> --ignore-scripts`), never project dependencies; each is fed the
// listing item the audit produced (one JSON file per target), read offline.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importTs } from './attacks-import.mjs';
import { measurePeers } from './attack-peers.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = join(ROOT, 'bin/mcp-hintcheck.cjs');

const pct = (part, whole) => (whole === 0 ? '   -' : `${Math.round((100 * part) / whole)}%`.padStart(4));

function subjectLabel(target) {
  const { subject } = target;
  if (subject.kind === 'pair') return `${target.fixture} + ${subject.with}: ${subject.tools.join(', ')}`;
  if (subject.kind === 'instructions') return `${target.fixture}: instructions`;
  return `${target.fixture}: ${subject.name}`;
}

/** Per class: targets, detected, %, critical; listing-visible ones first, then all. */
function classRows(attacks, classes, listingVisibleClasses) {
  return classes.map((name) => {
    const all = attacks.filter((item) => item.target.class === name);
    const visible = all.filter((item) => item.target.listingVisible);
    const count = (items) => items.filter((item) => item.verdict.detected).length;
    return {
      class: name,
      asserted: listingVisibleClasses.includes(name),
      visible: visible.length,
      visibleDetected: count(visible),
      targets: all.length,
      detected: count(all),
      critical: all.filter((item) => item.verdict.critical).length,
    };
  });
}

function printClassTable(title, rows) {
  console.log(`\n${title}`);
  console.log('class                     listing-visible: targets detected   %   all: targets detected   %  critical');
  for (const row of rows) {
    const name = `${row.class}${row.asserted ? ' *' : ''}`.padEnd(25);
    console.log(
      `${name} ${String(row.visible).padStart(24)} ${String(row.visibleDetected).padStart(8)} ${pct(row.visibleDetected, row.visible)} ${String(row.targets).padStart(13)} ${String(row.detected).padStart(8)} ${pct(row.detected, row.targets)} ${String(row.critical).padStart(9)}`,
    );
  }
  console.log('  * held to ≥ 95% of its listing-visible targets (issue 46)');
}

const args = process.argv.slice(2);
const fixtures = await importTs(ROOT, 'test/corpus/attack-fixtures.ts');
const labels = await importTs(ROOT, 'test/corpus/attack-labels.ts');
const run = await importTs(ROOT, 'test/corpus/attack-run.ts');
const started = Date.now();
const ours = await run.measureCorpus(ROOT, CLI, 4);
const oursMs = Date.now() - started;
const peers = args.includes('--no-peers') ? [] : await measurePeers(ROOT, fixtures, labels);

if (args.includes('--json')) {
  console.log(JSON.stringify({ ours, peers }, null, 2));
} else {
  printClassTable(
    `mcp-hintcheck (${oursMs} ms)`,
    classRows(ours.attacks, fixtures.ATTACK_CLASSES, fixtures.LISTING_VISIBLE_CLASSES),
  );
  console.log('\nTargets (mcp-hintcheck): detected?, the specific findings');
  for (const item of ours.attacks) {
    const mark =
      item.error !== null
        ? 'ERR '
        : item.verdict.detected
          ? 'yes '
          : item.target.class === 'rug-pull'
            ? 'not caught '
            : 'no  ';
    console.log(
      `  ${mark} [${item.target.class}${item.target.listingVisible ? '' : ', not in listing'}] ${subjectLabel(item.target)}${item.verdict.specific.length > 0 ? ` — ${item.verdict.specific.join(', ')}` : ''}${item.error !== null ? ` — ${item.error}` : ''}`,
    );
  }
  const alarms = ours.benign.filter((item) => item.verdict.specific.length > 0);
  console.log(`\nBenign targets (mcp-hintcheck): ${alarms.length} false alarms of ${ours.benign.length}`);
  for (const item of ours.benign) {
    const mark = item.error !== null ? 'ERR  ' : item.verdict.specific.length > 0 ? 'ALARM' : 'ok   ';
    console.log(
      `  ${mark} ${subjectLabel(item.target)}${item.verdict.specific.length > 0 ? ` — ${item.verdict.specific.join(', ')}` : ''}${item.error !== null ? ` — ${item.error}` : ''}`,
    );
  }
  for (const peer of peers) {
    if (peer.unavailable !== undefined) {
      console.log(`\n${peer.name}: not measured — ${peer.unavailable}`);
      continue;
    }
    printClassTable(
      `${peer.name} ${peer.version} (${peer.how})`,
      classRows(peer.attacks, fixtures.ATTACK_CLASSES, fixtures.LISTING_VISIBLE_CLASSES),
    );
    const peerAlarms = peer.benign.filter((item) => item.verdict.specific.length > 0);
    console.log(
      `  benign: ${peerAlarms.length} false alarms of ${peer.benign.length}${peerAlarms.length > 0 ? ` (${peerAlarms.map((item) => subjectLabel(item.target)).join('; ')})` : ''}`,
    );
  }
}
writeFileSync(join(tmpdir(), 'hintcheck-attacks-last.json'), JSON.stringify({ ours, peers }));
