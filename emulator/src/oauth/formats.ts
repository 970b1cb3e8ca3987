// docs/service-api/hosting/oauth §4: the exchange answers in the format of the Accept
// header — form-encoded by default, JSON, or an <OAuth> XML element.
export type ExchangeFormat = 'form' | 'json' | 'xml';

export function exchangeFormat(accept: string | undefined): ExchangeFormat {
  const types = (accept ?? '')
    .toLowerCase()
    .split(',')
    .map((t) => t.split(';')[0]!.trim());
  if (types.includes('application/json')) return 'json';
  if (types.includes('application/xml') || types.includes('text/xml')) return 'xml';
  return 'form';
}

const CONTENT_TYPES: Record<ExchangeFormat, string> = {
  form: 'application/x-www-form-urlencoded; charset=utf-8',
  json: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
};

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Serialises a flat record of strings (a token result or an error). */
export function renderExchange(fields: Record<string, string>, format: ExchangeFormat): { contentType: string; body: string } {
  let body: string;
  if (format === 'json') body = JSON.stringify(fields);
  else if (format === 'form') body = new URLSearchParams(fields).toString();
  else {
    const inner = Object.entries(fields)
      .map(([k, v]) => `<${k}>${escapeXml(v)}</${k}>`)
      .join('');
    body = `<?xml version="1.0" encoding="UTF-8"?>\n<OAuth>${inner}</OAuth>`;
  }
  return { contentType: CONTENT_TYPES[format], body };
}
