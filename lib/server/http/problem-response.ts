/** The one way an API route answers with a problem: {error: Problem}, its status from problemStatus, never cached. */
import { problemStatus, type Problem } from '../../core/problems';

export function problemResponse(problem: Problem): Response {
  return Response.json(
    { error: problem },
    { status: problemStatus(problem.code), headers: { 'Cache-Control': 'no-store' } },
  );
}
