'use client';

/** Downloads of the OAuth check: the findings as CSV (as the CLI's oauth --format csv) and the OAuth report alone as JSON. */
import { oauthFindingsToCsv } from '@/lib/core/csv/tools';
import { jsonText } from '@/lib/core/report/json';
import type { OAuthReport } from '@/lib/core/oauth/schemas';
import { csv } from '@/lib/cli/formats/csv';
import { json as jsonFormat } from '@/lib/cli/formats/json';
import { DownloadButton } from '@/components/ui/download-button';
import { oauthDownloadName } from '@/components/ui/download-names';

export function OAuthExportButtons({ oauth, date, json }: { oauth: OAuthReport; date: string; json: boolean }) {
  return (
    <div className="flex flex-wrap gap-2">
      <DownloadButton
        testId="export-oauth-csv"
        file={() => [oauthFindingsToCsv(oauth), csv, oauthDownloadName(oauth, date, csv)]}
      >
        Download OAuth findings CSV
      </DownloadButton>
      {json ? (
        <DownloadButton
          testId="export-oauth-json"
          file={() => [jsonText(oauth), jsonFormat, oauthDownloadName(oauth, date, jsonFormat)]}
        >
          Download OAuth JSON
        </DownloadButton>
      ) : null}
    </div>
  );
}
