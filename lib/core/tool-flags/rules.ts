/**
 * The tool rules (one file each in this folder), in the order they run: the one registration of a
 * tool flag. The flags' ids (in this order, the order ties are broken in: lib/core/flags/catalogue.ts) and
 * definitions follow from it, so a new tool flag is its rule's file and one line here.
 */
import type { FlagDefinition } from '../finding';
import { annotationCoverage } from './annotation-coverage';
import { appOnlyTool } from './app-only-tool';
import { confirmationRequired } from './confirmation-required';
import { hiddenText } from './hidden-text';
import { inputSchemaShape } from './input-schema';
import { malformedAnnotation } from './malformed-annotation';
import { missingTitle } from './missing-title';
import { nonStandardAnnotationKeys } from './non-standard-annotation-keys';
import { poisonedText } from './poisoned-text';
import type { ToolRule } from './rule';
import { templateOmitsTarget } from './template-omits-target';
import { templatePlaceholder } from './template-placeholder';
import { templateShape } from './template-shape';
import { templateVerb } from './template-verb';
import { toolName } from './tool-name';
import { writeKind } from './write-kind';

export const TOOL_RULES = [
  annotationCoverage,
  malformedAnnotation,
  nonStandardAnnotationKeys,
  writeKind,
  confirmationRequired,
  toolName,
  inputSchemaShape,
  hiddenText,
  missingTitle,
  appOnlyTool,
  templateShape,
  templatePlaceholder,
  templateOmitsTarget,
  templateVerb,
  poisonedText,
] as const;

type IdOf<Rule> = Rule extends ToolRule<infer Id> ? Id : never;
export type ToolFlagId = IdOf<(typeof TOOL_RULES)[number]>;

/** Every tool flag's id, rule by rule, each rule's in the order it defines them. */
export const TOOL_FLAG_IDS: readonly ToolFlagId[] = TOOL_RULES.flatMap((rule) =>
  Object.values<FlagDefinition<ToolFlagId>>(rule.definitions).map((definition) => definition.id),
);

export const TOOL_FLAG_DEFINITIONS = Object.fromEntries(
  TOOL_RULES.flatMap((rule) => Object.entries<FlagDefinition<ToolFlagId>>(rule.definitions)),
) as { readonly [Id in ToolFlagId]: FlagDefinition<Id> };
