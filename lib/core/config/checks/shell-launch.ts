/** shell-launch: the entry starts a shell with a command string. */
import { shellLaunch as shellOf } from '../launch';
import { at, located, type ConfigRule } from './rule';

export const shellLaunch: ConfigRule<'shell-launch'> = {
  definition: {
    id: 'shell-launch',
    severity: 'medium',
    title: 'Launched through a shell',
    meaning:
      'The entry starts a shell (sh -c, bash -c, cmd /c, powershell -Command) with a command string. The string can chain commands, expand variables and redirect output: what runs is decided by shell text, not by a program and a list of arguments a reviewer can read.',
    doesNotTell: 'That the string is malicious: shells are often used for cd or source. Read the string.',
    reference: 'OWASP OS Command Injection Defense Cheat Sheet',
  },
  looks: 'entry',
  check: ({ entry }) => {
    const shell = entry.command === null ? null : shellOf(entry.command, entry.args);
    return shell === null
      ? []
      : [located(shellLaunch.definition, `starts ${shell.shell} ${shell.flag} with a command string.`, at(entry))];
  },
};
