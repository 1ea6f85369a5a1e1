/**
 * What the server says about itself elsewhere (Report.declared, lib/core/declared/): each server.json
 * or card read, with the schema's verdict, the versions each side reports (facts, not findings), the
 * installed package's registry name, and the findings of the comparison with what it serves.
 */
import type { Report } from '@/lib/core/report/report';
import { H3, MUTED, Panel } from '@/components/ui/styles';
import { VisibleText } from '@/components/ui/visible-text';
import { SeverityLabel } from '@/components/ui/badges';

type Section = NonNullable<Report['declared']>;

/** The skills read, each file checked against its listed digest. */
function SkillList({ section }: { section: Section }) {
  const skills = section.skills ?? [];
  if (skills.length === 0) return null;
  return (
    <>
      <h3 className={`${H3} mt-4`}>Skills</h3>
      <ul data-testid="declared-skills" className="mt-1 list-disc space-y-0.5 pl-5 text-sm">
        {skills.map((skill) => (
          <li key={skill.uri}>
            <VisibleText text={skill.name} controls />:{' '}
            {skill.files === 'dynamic'
              ? 'dynamic files (not verifiable)'
              : skill.files.map((file) => `${file.read === 'match' ? '✓' : '✗'} ${file.uri}`).join(', ')}
          </li>
        ))}
      </ul>
    </>
  );
}

/** Each resolvable tool's resolution against its static hints. */
function ResolutionList({ section }: { section: Section }) {
  const resolutions = section.resolutions ?? [];
  if (resolutions.length === 0) return null;
  return (
    <>
      <h3 className={`${H3} mt-4`}>tools/resolve</h3>
      <ul data-testid="declared-resolutions" className="mt-1 list-disc space-y-0.5 pl-5 text-sm">
        {resolutions.map((resolution) => (
          <li key={resolution.tool}>
            <VisibleText text={resolution.tool} controls />:{' '}
            {resolution.resolved === null
              ? 'no usable answer'
              : resolution.widened.length === 0
                ? 'within its static hints'
                : `widens ${resolution.widened.join(', ')}`}
            {resolution.observed ? null : <span className={MUTED}> (execution not observable here)</span>}
          </li>
        ))}
      </ul>
    </>
  );
}

export function DeclaredPanel({ report }: { report: Report }) {
  const section = report.declared;
  if (section === undefined) return null;
  return (
    <Panel title="What the server declares elsewhere" headingId="declared-heading" testId="declared-panel">
      {section.declarations.length === 0 ? null : (
        <ul className="list-disc space-y-0.5 pl-5 text-sm">
          {section.declarations.map((declaration) => (
            <li key={`${declaration.kind} ${declaration.location}`} data-testid="declaration">
              {declaration.valid === null
                ? 'Server card'
                : declaration.valid
                  ? 'server.json (valid)'
                  : 'server.json (refused by the registry schema)'}{' '}
              <VisibleText text={declaration.location} controls />: name{' '}
              <VisibleText text={declaration.name ?? '—'} controls />, version{' '}
              <VisibleText text={declaration.version ?? '—'} controls />
            </li>
          ))}
        </ul>
      )}
      <p data-testid="declared-versions" className={`mt-2 text-xs ${MUTED}`}>
        Versions (reported, not checked): package{' '}
        {section.package === null ? (
          '—'
        ) : (
          <VisibleText text={`${section.package.name} ${section.package.version ?? ''}`} />
        )}
        ; live <VisibleText text={section.liveVersion ?? '—'} />.
        {section.package?.mcpName == null ? null : (
          <>
            {' '}
            Package claims <VisibleText text={section.package.mcpName} controls />.
          </>
        )}
      </p>
      <SkillList section={section} />
      <ResolutionList section={section} />
      <h3 className={`${H3} mt-4`}>Compared with what it serves</h3>
      {section.findings.length === 0 ? (
        <p data-testid="declared-findings-none" className={`mt-1 text-sm ${MUTED}`}>
          Matches: no finding.
        </p>
      ) : (
        <ul data-testid="declared-findings" className="mt-1 space-y-1 text-sm">
          {section.findings.map((finding, i) => (
            // Findings are listed in the comparison's order: the index is their identity.
            <li key={i}>
              <SeverityLabel severity={finding.severity} /> <code className="text-xs">{finding.id}</code>{' '}
              <VisibleText text={finding.message} /> <span className={MUTED}>({finding.subject})</span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
