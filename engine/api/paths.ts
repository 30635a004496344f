/** A call of a resource as a descriptor declares it: method and path under /api, with {placeholders}. */
export interface EndpointRef {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
}

/** Fills `{name}` placeholders from `params` (URL-encoded); a missing one is an error, never "undefined" in a URL. */
export function fillPath(template: string, params: Readonly<Record<string, unknown>>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new Error(`missing path parameter ${name} in ${template}`);
    return encodeURIComponent(String(value));
  });
}

/** Query string of a GET list call: scalars as is, arrays as repeated keys, empties dropped. */
export function toSearchParams(query: Readonly<Record<string, unknown>>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((v) => v !== null && v !== undefined && v !== '' && params.append(key, String(v)));
    else params.append(key, String(value));
  }
  return params;
}
