import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The repository's own eslint.config.js, run on probe files that need not exist: lintText lints
// the text as if it stood at filePath, so each probe sits where the rule cares about. The rules
// judge the import specifier, so the imported probes need not exist either (and no-cycle then has
// no real module graph to walk).
// (import.meta.url through a variable: Vite rewrites new URL('…', import.meta.url) into an asset URL.)
const HERE = import.meta.url;
const ROOT = decodeURIComponent(new URL('../../../../', HERE).pathname);
const BOUNDARY_RULES = new Set(['no-restricted-imports', 'no-restricted-syntax']);

// Loading the config and its plugins is slow on a busy machine: once, before the cases.
const LOAD_TIMEOUT_MS = 60_000;
const CASE_TIMEOUT_MS = 30_000;

let eslint: ESLint;
beforeAll(async () => {
  // The probes belong to no TypeScript project, so the type-aware rules (and the project service they
  // need) are off for them: the boundary rules read only the import specifiers.
  eslint = new ESLint({
    cwd: ROOT,
    overrideConfig: {
      languageOptions: { parserOptions: { projectService: false } },
      rules: {
        '@typescript-eslint/no-floating-promises': 'off',
        '@typescript-eslint/no-misused-promises': 'off',
      },
    },
  });
  await eslint.lintText('export {};', { filePath: `${ROOT}apps/web/src/lib/warm-up.ts` });
}, LOAD_TIMEOUT_MS);

/** The boundary complaints (rule and message) eslint.config.js has about `code` at `filePath`. */
async function boundaryErrors(filePath: string, code: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${filePath}` });
  if (!result) throw new Error(`eslint returned no result for ${filePath}`);
  // A probe the config ignores would pass every case below for the wrong reason.
  expect(result.messages.filter((message) => message.message.includes('ignored'))).toEqual([]);
  // Nor may it fail to parse: a probe no rule could read would pass them too.
  expect(result.messages.filter((message) => message.fatal === true)).toEqual([]);
  return result.messages.filter((message) => message.ruleId !== null && BOUNDARY_RULES.has(message.ruleId));
}

const FEATURE = /Features never import each other or app\//;
const LOWER_LAYER = /lib\/ and ui\/ sit below the features/;

const REJECTED: ReadonlyArray<readonly [what: string, filePath: string, code: string, message: RegExp]> = [
  [
    'a feature importing another feature',
    'apps/web/src/features/home/Probe.tsx',
    "import { ScheduleProbe } from '../schedule/ScheduleProbe.tsx';\nexport const probe = ScheduleProbe;",
    FEATURE,
  ],
  [
    'a feature loading another feature lazily',
    'apps/web/src/features/home/Probe.tsx',
    "export const probe = () => import('../schedule/ScheduleProbe.tsx');",
    FEATURE,
  ],
  [
    'a feature reaching another feature through src/',
    'apps/web/src/features/home/Probe.tsx',
    "import { ChatProbe } from '../../features/chat/ChatProbe.tsx';\nexport const probe = ChatProbe;",
    FEATURE,
  ],
  [
    'a feature importing another feature from a subfolder',
    'apps/web/src/features/home/recently-played/Probe.tsx',
    "import { ScheduleProbe } from '../../schedule/ScheduleProbe.tsx';\nexport const probe = ScheduleProbe;",
    FEATURE,
  ],
  [
    'a feature importing app/',
    'apps/web/src/features/schedule/Probe.tsx',
    "import { router } from '../../app/probe.tsx';\nexport const probe = router;",
    FEATURE,
  ],
  [
    'lib/ importing a feature',
    'apps/web/src/lib/probe.ts',
    "import { HomeProbe } from '../features/home/HomeProbe.tsx';\nexport const probe = HomeProbe;",
    LOWER_LAYER,
  ],
  [
    'lib/ loading a feature lazily from a subfolder',
    'apps/web/src/lib/player/probe.ts',
    "export const probe = () => import('../../features/home/HomeProbe.tsx');",
    LOWER_LAYER,
  ],
  [
    'ui/ importing app/',
    'apps/web/src/ui/Probe.tsx',
    "import { router } from '../app/probe.tsx';\nexport const probe = router;",
    LOWER_LAYER,
  ],
];

const ALLOWED: ReadonlyArray<readonly [what: string, filePath: string, code: string]> = [
  [
    'a feature its own files, lib/, ui/ and @onair/core',
    'apps/web/src/features/home/Probe.tsx',
    [
      "import { ControlProbe } from './ControlProbe.tsx';",
      "import { TrackProbe } from './recently-played/TrackProbe.tsx';",
      "import { usePlayer } from '../../lib/player/probe.ts';",
      "import { useToast } from '../../ui/probe.tsx';",
      "import { displayTrack } from '@onair/core';",
      'export const probe = [ControlProbe, TrackProbe, usePlayer, useToast, displayTrack];',
    ].join('\n'),
  ],
  [
    'a feature subfolder its own feature',
    'apps/web/src/features/home/recently-played/Probe.tsx',
    "import { HomeProbe } from '../HomeProbe.tsx';\nexport const probe = HomeProbe;",
  ],
  [
    'lib/ importing ui/',
    'apps/web/src/lib/player/probe.ts',
    "import { useToast } from '../../ui/probe.tsx';\nexport const probe = useToast;",
  ],
];

describe('the layer boundaries of apps/web/src (eslint.config.js)', () => {
  it.each(REJECTED)(
    'rejects %s',
    async (_what, filePath, code, message) => {
      const errors = await boundaryErrors(filePath, code);
      expect(errors.map((error) => error.message)).toEqual([expect.stringMatching(message)]);
    },
    CASE_TIMEOUT_MS,
  );

  it.each(ALLOWED)(
    'allows %s',
    async (_what, filePath, code) => {
      expect(await boundaryErrors(filePath, code)).toEqual([]);
    },
    CASE_TIMEOUT_MS,
  );
});
