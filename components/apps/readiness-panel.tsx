'use client';
/**
 * The readiness selector: grade the shown Report against a directory's published rules
 * (lib/core/readiness/, the same grading as audit --profile), each rule with its source and the day it
 * was read, and the items missing.
 */
import { useState } from 'react';
import type { Report } from '@/lib/core/report/report';
import { grade } from '@/lib/core/readiness/profile';
import { PROFILES, profileById } from '@/lib/core/readiness/profiles';
import { INPUT, LABEL, MUTED, Panel } from '@/components/ui/styles';

export function ReadinessPanel({ report }: { report: Report }) {
  const [profileId, setProfileId] = useState('');
  const profile = profileById(profileId);
  const readiness = profile === null ? null : grade(profile, report);
  return (
    <Panel title="Directory readiness" headingId="readiness-heading" testId="readiness-panel">
      <label htmlFor="readiness-profile" className={LABEL}>
        Grade against
      </label>
      <select
        id="readiness-profile"
        data-testid="readiness-profile"
        className={`${INPUT} mt-1 max-w-md`}
        value={profileId}
        onChange={(event) => {
          setProfileId(event.target.value);
        }}
      >
        <option value="">No directory</option>
        {PROFILES.map((entry) => (
          <option key={entry.id} value={entry.id}>
            {entry.name}
          </option>
        ))}
      </select>
      {readiness === null ? null : (
        <div className="mt-3 space-y-2 text-sm">
          <p data-testid="readiness-verdict" className="font-semibold">
            {readiness.ready ? 'Ready' : 'Not ready'} for {readiness.name}
          </p>
          <ul className="space-y-2">
            {readiness.rules.map((rule) => (
              <li key={rule.id} data-testid="readiness-rule" data-rule-id={rule.id} data-pass={rule.pass}>
                <span className="font-semibold">
                  {rule.pass ? 'pass' : rule.level === 'advisory' ? 'warn' : 'fail'}
                </span>{' '}
                {rule.text}
                {rule.pass ? null : (
                  <span className="block text-xs break-words">Missing: {rule.missing.join(', ')}</span>
                )}
                <span className={`block text-xs ${MUTED}`}>
                  Source:{' '}
                  <a href={rule.source.url} className="underline" rel="noreferrer noopener" target="_blank">
                    {rule.source.url}
                  </a>{' '}
                  (read {rule.source.read})
                </span>
              </li>
            ))}
          </ul>
          <ul className={`list-disc pl-5 text-xs ${MUTED}`} aria-label="Not checked">
            {readiness.notChecked.map((item) => (
              <li key={item}>Not checked: {item}</li>
            ))}
          </ul>
        </div>
      )}
    </Panel>
  );
}
