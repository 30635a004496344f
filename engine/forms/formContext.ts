import type { EndpointRef } from '../api/paths';

/** What a form's widgets may ask of the screen around them (rjsf `formContext`). */
export interface RecordFormContext {
  /** A route reference of the screen ("routeId" or "resource#routeId") as a call, null when the screen has none. */
  resolveEndpoint: (ref: string) => EndpointRef | null;
}

export function formContextOf(value: unknown): RecordFormContext | null {
  return value && typeof value === 'object' && typeof (value as RecordFormContext).resolveEndpoint === 'function' ? (value as RecordFormContext) : null;
}
