/** The ApiError toTranscript throws for `raw` (read for recording `rec_1`); fails the test if it reads it. */
import { ApiError } from '@/lib/api/errors';
import { toTranscript } from '@/lib/api/normalise';

export function transcriptError(raw: unknown): ApiError {
  try {
    toTranscript(raw, 'rec_1');
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('read as a transcript');
}
