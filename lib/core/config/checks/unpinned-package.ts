/** unpinned-package: a package fetched at each launch without an exact version (npx, uvx, ...). */
import { unpinnedPackages } from '../launch';
import { at, located, type ConfigRule } from './rule';

export const unpinnedPackage: ConfigRule<'unpinned-package'> = {
  definition: {
    id: 'unpinned-package',
    severity: 'medium',
    title: 'Package fetched without a pinned version',
    meaning:
      'The command downloads a package at launch (npx, bunx, pnpm dlx, uvx, pipx run, ...) without an exact version, or asks for @latest. Each start may run code nobody has reviewed: a new release, or a hijacked one, reaches your agent without a decision.',
    doesNotTell:
      'Whether the current release is safe, or that a pinned version is: only that the code can change under you.',
    reference: 'npm docs (npx package specs); uv docs (uvx package@version); supply-chain guidance such as OpenSSF',
  },
  looks: 'entry',
  check: ({ entry }) =>
    entry.command === null
      ? []
      : unpinnedPackages(entry.command, entry.args).map((pkg) => {
          const why =
            pkg.problem === 'latest'
              ? 'asks for @latest'
              : pkg.problem === 'range'
                ? 'names a range or tag, not an exact version'
                : 'names no version';
          return located(
            unpinnedPackage.definition,
            `${pkg.runner} ${pkg.spec} ${why}: each launch may fetch new code.`,
            at(entry),
          );
        }),
};
