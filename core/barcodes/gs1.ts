/**
 * The lot and dates of a GS1-128 / GS1 DataMatrix label, as a scanner hands it over: either the printed form
 * "(01)06901234567892(17)261205(10)L1128" or the raw one ("]C1" / "]d2" / "]Q3" prefix optional, variable-length
 * fields ended by the group separator \x1d). Read: AI 01 GTIN, 10 lot, 11 production date, 17 expiry date (15 best
 * before when 17 is absent); the fixed-length ones GS1 defines are skipped. Dates YYMMDD → YYYY-MM-DD (a day 00 is
 * the month's last day; the century is the one within 50 years of 2000). Pure: the document grid and the server share it.
 */
export interface Gs1Label {
  gtin?: string;
  lotNo?: string;
  productionDate?: string;
  expiryDate?: string;
}

/** Fixed lengths of the AIs a label may carry before or between the ones we read (GS1 General Specifications §3.2). */
const FIXED: Record<string, number> = { '00': 18, '01': 14, '02': 14, '11': 6, '12': 6, '13': 6, '15': 6, '16': 6, '17': 6, '20': 2 };
const GS = '\x1d';

function date(yymmdd: string): string | undefined {
  if (!/^\d{6}$/.test(yymmdd)) return undefined;
  const yy = Number(yymmdd.slice(0, 2));
  const year = yy < 51 ? 2000 + yy : 1900 + yy;
  const month = Number(yymmdd.slice(2, 4));
  if (month < 1 || month > 12) return undefined;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Number(yymmdd.slice(4, 6)) || last;
  if (day > last) return undefined;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The AI → value pairs of a label, or null when it is not one. */
function elements(text: string): Map<string, string> | null {
  const out = new Map<string, string>();
  const s = text.trim();
  if (s.startsWith('(')) {
    const re = /\((\d{2,4})\)([^(]*)/g;
    let m: RegExpExecArray | null;
    let seen = '';
    while ((m = re.exec(s))) {
      out.set(m[1], m[2].replaceAll(GS, ''));
      seen += m[0];
    }
    return out.size && seen === s ? out : null;
  }
  // Raw form only when it says so (a symbology prefix, a separator, or a GTIN first): a lot typed by hand stays a lot.
  if (!/^\][A-Za-z]\d/.test(s) && !s.includes(GS) && !/^01\d{14}/.test(s)) return null;
  let rest = s.replace(/^\][A-Za-z]\d/, '');
  if (!/^\d{2}/.test(rest)) return null;
  while (rest.length) {
    const ai2 = rest.slice(0, 2);
    if (FIXED[ai2] !== undefined) {
      out.set(ai2, rest.slice(2, 2 + FIXED[ai2]));
      rest = rest.slice(2 + FIXED[ai2]).replace(/^\x1d/, '');
      continue;
    }
    // Variable length: 10 (lot), 21 (serial) and any 2-digit AI we do not know end at the separator or the end;
    // 4-digit AIs (310x weights, …) are 6 digits.
    if (/^3\d{3}/.test(rest)) {
      out.set(rest.slice(0, 4), rest.slice(4, 10));
      rest = rest.slice(10).replace(/^\x1d/, '');
      continue;
    }
    const end = rest.indexOf(GS);
    out.set(ai2, end < 0 ? rest.slice(2) : rest.slice(2, end));
    rest = end < 0 ? '' : rest.slice(end + 1);
  }
  return out;
}

export function parseGs1(text: string): Gs1Label | null {
  const el = elements(text);
  if (!el || !(el.has('10') || el.has('17') || el.has('11') || el.has('01'))) return null;
  const label: Gs1Label = {};
  if (el.get('01')) label.gtin = el.get('01');
  if (el.get('10')) label.lotNo = el.get('10')!.slice(0, 20);
  const made = el.get('11') && date(el.get('11')!);
  if (made) label.productionDate = made;
  const expiry = (el.get('17') && date(el.get('17')!)) || (el.get('15') && date(el.get('15')!));
  if (expiry) label.expiryDate = expiry;
  return label;
}
