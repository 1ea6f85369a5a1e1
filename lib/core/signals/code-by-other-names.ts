/**
 * Code execution by other names, for the executes-code signal (executes-code.ts): what runs code
 * without saying "run code". Deserialization of Python objects (pickle, marshal, dill, shelve) and
 * full YAML (`yaml.load`, "all YAML features", `!!python/object`) builds objects whose constructors
 * run; downloading and applying code or updates ("downloads and applies the latest security fixes",
 * "install package", "self-update") runs what another party wrote: both anything at all (high).
 * Templates rendered from input (Jinja, Mako, Handlebars…: server-side template injection) and
 * `eval`-like evaluation of formulas run code of a stated kind (medium). Precision: "render a chart",
 * a template's name, "evaluate the quality" and "Deserialize JSON" are none of these.
 */

/** Anything at all: objects built from bytes, code fetched and applied. Read anywhere in the text. */
export const DESERIALIZES_OR_INSTALLS: readonly RegExp[] = [
  /\b(?:de-?seriali[sz](?:e|es|ed|ing|ation)|unpickl(?:e|es|ed|ing)|load(?:s|ing)?|restor(?:e|es|ing))\b[^.\n]{0,40}?\b(?:pickle[ds]?|pickled (?:data|objects?)|marshal(?:led)?|python objects?|dill|shelve|joblib)\b/i,
  /\b(?:pickle|cPickle|marshal|dill|joblib|shelve)\.loads?\b|\bunpickl(?:e|es|ed|ing)\b/i,
  /\byaml\.(?:unsafe_load|full_load|load)\b(?!_)|\b(?:all|full|every|complete|unrestricted)\s+YAML\s+(?:features|tags|types)\b|!!python\/|\bUnsafeLoader\b/i,
  /\bdownload(?:s|ed|ing)?\b[^.\n]{0,30}?\b(?:and|then)\s+(?:appl(?:y|ies)|install(?:s)?|run(?:s)?|execut(?:e|es)|load(?:s)?)\b/i,
  /\b(?:appl(?:y|ies)|install(?:s)?)\s+(?:the\s+)?(?:latest\s+)?(?:security\s+)?(?:updates?|patch(?:es)?|fixes|hotfix(?:es)?)\b/i,
  /\b(?:install(?:s|ing)?)\s+(?:an?\s+|the\s+|any\s+)?(?:npm\s+|pip\s+|python\s+|system\s+)?(?:packages?|modules?|plugins?|dependencies|extensions?)\b/i,
  /\bself[- ]?updat(?:e|es|ing)\b|\bupdates? itself\b|\b(?:pip|npm|apt(?:-get)?|brew|gem|cargo) install\b/i,
];

/** A stated kind: templates rendered from what the caller sends, formulas evaluated. Name and first sentence. */
export const RENDERS_OR_EVALUATES: readonly RegExp[] = [
  /\b(?:jinja2?|mako|handlebars|mustache|twig|nunjucks|liquid|freemarker|velocity|ejs|erb)\b[^.\n]{0,30}?\btemplates?\b|\brender(?:s|ing)?\b[^.\n]{0,30}?\b(?:jinja2?|mako|handlebars|mustache|twig|nunjucks|liquid|freemarker|ejs|erb)\b/i,
  /\brender(?:s|ing)?\s+(?:an?\s+|the\s+|any\s+)?(?:custom|arbitrary|user(?:-provided|-supplied)?|given|provided|raw|dynamic)?\s*templates?\s+(?:strings?|source|content|text|code)\b/i,
  /\brender(?:s|ing)?\s+(?:an?\s+|any\s+)?(?:custom|arbitrary|user(?:-provided|-supplied)?|provided|raw)\s+templates?\b/i,
  /\b(?:evaluat(?:e|es|ing)|comput(?:e|es|ing)|calculat(?:e|es|ing))\s+(?:an?\s+|the\s+|any\s+)?(?:mathematical\s+|math\s+|arithmetic\s+|python\s+|excel\s+|spreadsheet\s+)?(?:formulas?|formulae)\b/i,
];
