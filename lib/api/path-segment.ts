/**
 * Ids go into request paths as one segment each (`/api/v2/insights/contact/<id>`). Percent-encoding
 * leaves `.` and `..` as they are, and URL parsing then resolves them as "here" and "one up" (a
 * contact id `..` asked for GET /api/v2/insights/); an empty one names the collection itself. None
 * of them is ever an id, wherever it came from (a message, a stored record, the service's reply).
 */
import { ApiError } from './error-info';

export function isPathSafeId(id: string): boolean {
  return id !== '' && id !== '.' && id !== '..';
}

/** `id` as one path segment; a bad_request error for one that would not stay one. */
export function pathSegment(id: string): string {
  if (!isPathSafeId(id)) throw new ApiError('bad_request', 'That is not a valid id.');
  return encodeURIComponent(id);
}
