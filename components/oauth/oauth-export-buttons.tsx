'use client';

/** Downloads of the OAuth check: the findings as CSV (as the CLI's oauth --format csv) and the OAuth report alone as JSON. */
import { oauthFindingsToCsv } from '@/lib/core/csv/tools';
import { jsonText } from '@/lib/core/report/json';
import type { OAuthReport } from '@/lib/core/oauth/schemas';
import { csv } from '@/lib/cli/formats/csv';
import { json as jsonFormat } from '@/lib/cli/formats/json';
import { download } from '@/components/ui/download';
import { oauthDownloadName } from '@/components/ui/download-names';
import { BUTTON } from '@/components/ui/styles';

export function OAuthExportButtons({ oauth, date, json }: { oauth: OAuthReport; date: string; json: boolean }) {
  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        data-testid="export-oauth-csv"
        className={BUTTON.secondary}
        onClick={() => {
          download(oauthFindingsToCsv(oauth), csv, oauthDownloadName(oauth, date, csv));
        }}
      >
        Download OAuth findings CSV
      </button>
      {json ? (
        <button
          type="button"
          data-testid="export-oauth-json"
          className={BUTTON.secondary}
          onClick={() => {
            download(jsonText(oauth), jsonFormat, oauthDownloadName(oauth, date, jsonFormat));
          }}
        >
          Download OAuth JSON
        </button>
      ) : null}
    </div>
  );
}
