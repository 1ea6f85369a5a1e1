// The ESLint fence around lib/core (eslint.config.mjs) holds for every file under it, the root's and
// each subfolder's: a planted import out of lib/core fails lint, one inside it passes. The fence's own
// configuration is run, with the TypeScript parser, on planted text (no file is written).
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// eslint.config.mjs has no types: loaded by URL.
const { default: config } = (await import(new URL('../eslint.config.mjs', import.meta.url).href)) as {
  default: Linter.Config[];
};
const fence = config.filter((entry) => entry.files?.includes('lib/core/**') === true);
const linter = new Linter({ configType: 'flat' });

/** The rules of the fence that `source`, as the file `filename`, breaks. */
function broken(filename: string, source: string): string[] {
  const messages = linter.verify(
    source,
    [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, ...fence],
    { filename },
  );
  return messages.map((message) => message.ruleId ?? message.message);
}

describe('the lib/core fence', () => {
  it('is one entry of the configuration', () => {
    expect(fence).toHaveLength(1);
  });

  it.each([
    ['lib/core/oauth/planted.ts', "import { redactorFor } from '../../server/redact';"],
    ['lib/core/oauth/planted.ts', "import { AuditError } from '@/lib/server/errors';"],
    ['lib/core/oauth/planted.ts', "import { ReportView } from '@/components/report/report-view';"],
    ['lib/core/config/clients/planted.ts', "import { main } from '../../../cli/main';"],
    ['lib/core/signals/planted.ts', "import { x } from '../../../components/ui/x';"],
    ['lib/core/report/planted.ts', "import { redactorFor } from '../../../lib/server/redact';"],
    ['lib/core/report/planted.ts', "import { main } from '../../../lib/cli/main';"],
    ['lib/core/report/planted.ts', "import { ReportView } from '../../../components/report/report-view';"],
    ['lib/core/planted.ts', "import { redactorFor } from '../server/redact';"],
    ['lib/core/planted.ts', "import { main } from '@/lib/cli/main';"],
    ['lib/core/surface/planted.ts', "import { readFileSync } from 'node:fs';"],
    ['lib/core/surface/planted.ts', "import { useState } from 'react';"],
  ])('%s: `%s` fails lint', (filename, source) => {
    expect(broken(filename, `${source}\nexport const planted = 1;\n`)).toContain('no-restricted-imports');
  });

  it.each([
    ['lib/core/oauth/planted.ts', "import { severityRank } from '../severity';"],
    ['lib/core/oauth/planted.ts', "import { x } from '@/lib/core/surface/x';"],
    ['lib/core/report/planted.ts', "import { FLAG_IDS } from '../flags/catalogue';"],
    ['lib/core/planted.ts', "import { x } from './surface/x';"],
    ['lib/core/planted.ts', "import { z } from 'zod';"],
  ])('%s: `%s` passes', (filename, source) => {
    expect(broken(filename, `${source}\nexport const planted = 1;\n`)).toEqual([]);
  });
});
