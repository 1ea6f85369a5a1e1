/**
 * A tool's display templates (io.modelcontextprotocol/display-templates, lib/core/display-template/):
 * the line hosts show people around a call, as the server wrote it and rendered with example
 * arguments: each property's first `examples` entry, `default` or `enum` value from its schema, else
 * its name in angle quotes. Plain text; the tool's flags say where a template hides or contradicts.
 */
import { displayTemplatesOf, renderTemplate } from '@/lib/core/display-template/templates';
import { isRecord } from '@/lib/core/is-record';
import type { ToolReport } from '@/lib/core/report/tool-report';
import { MUTED } from '@/components/ui/styles';

function exampleArguments(inputSchema: unknown, names: readonly string[]): Record<string, unknown> {
  const properties = isRecord(inputSchema) && isRecord(inputSchema.properties) ? inputSchema.properties : {};
  return Object.fromEntries(
    names.map((name) => {
      const property = properties[name];
      const example = isRecord(property)
        ? ((Array.isArray(property.examples) ? (property.examples as unknown[])[0] : undefined) ??
          property.default ??
          (Array.isArray(property.enum) ? (property.enum as unknown[])[0] : undefined))
        : undefined;
      return [name, example ?? `‹${name}›`];
    }),
  );
}

export function DisplayTemplateBlock({ tool }: { tool: ToolReport }) {
  const { templates } = displayTemplatesOf({ inputSchema: tool.inputSchema, _meta: tool._meta });
  if (templates.length === 0) return null;
  return (
    <div data-testid="display-templates" className="min-w-0">
      <h4 className="mb-1.5 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
        Display template
      </h4>
      <ul className="space-y-1 text-sm">
        {templates.map(({ where, template, properties }) => (
          <li key={where}>
            <code className="break-words">{template}</code>
            <span className={`block text-xs ${MUTED}`}>
              {where === 'tool' ? '' : `${where}: `}shows “
              {renderTemplate(template, exampleArguments(tool.inputSchema, properties))}”
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
