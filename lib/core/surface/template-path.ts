/**
 * unconfined-path on a resource template (the signal is defined in lib/core/signals/unconfined-path.ts):
 * a URI template variable named like a path (`document://{filename}`, `file:///{path}`) on a template
 * that says it reads a file, or whose scheme is file://. RFC 6570 variables carry no enum or pattern,
 * so whatever the client or model puts there (`../../.ssh/id_rsa`) reaches the server, and only its
 * own check keeps the read inside a folder. Not raised on a template that reads no file (a repository
 * path of a remote API, an id). Heuristic: the variable's name and the template's words.
 */
import { raised, type Finding } from '../finding';
import { PATH_ARGUMENT, UNCONFINED_PATH_DEFINITION, UNCONFINED_PATH_ID } from '../signals/unconfined-path';

/** The template says it reads a local file. */
const READS_FILE =
  /\b(?:reads?|reading|returns?|opens?|loads?)\s+(?:a |the |any )?(?:local )?files?\b|\bfile contents?\b/i;
/** Variables of an RFC 6570 template, operators and modifiers stripped: {+path}, {/a,b*}. */
const VARIABLES = /\{[+#./;?&]?([^}]{1,200})\}/g;

export function templatePathFindings(
  uriTemplate: string,
  texts: readonly { text: string }[],
): Finding<typeof UNCONFINED_PATH_ID>[] {
  const names = [...uriTemplate.matchAll(VARIABLES)].flatMap((match) =>
    (match[1] ?? '').split(',').map((name) => name.replace(/[*]|:\d+$/g, '').trim()),
  );
  const paths = names.filter((name) => PATH_ARGUMENT.test(name));
  if (paths.length === 0) return [];
  const says = texts.map(({ text }) => READS_FILE.exec(text)?.[0]).find((phrase) => phrase !== undefined);
  if (says === undefined && !/^file:/i.test(uriTemplate)) return [];
  const what = says === undefined ? 'Reads file:// URIs' : `Says "${says}"`;
  return [
    raised(
      UNCONFINED_PATH_DEFINITION,
      `${what}, and its URI template's ${paths.map((name) => `{${name}}`).join(', ')} takes any path (a template variable has no enum or pattern): only the server can keep ../ and absolute paths out.`,
    ),
  ];
}
