// A member's mobile number, checked the same way by the SPA (as it is typed) and the gateway (before it is kept):
// a Bangladeshi mobile number, 01XXXXXXXXX or +8801XXXXXXXXX (013 to 019, the operators' prefixes), kept in one
// form, E.164: +8801XXXXXXXXX. Spaces, dashes, dots and brackets people type between the digits are dropped,
// and Bengali digits read as the digits they are.

const BENGALI_ZERO = 0x09e6;
const SEPARATORS = /[\s().-]/g;
// +880 1XXXXXXXXX is +88 and the local 01XXXXXXXXX: the country code's last digit is the trunk's 0.
const MOBILE = /^(?:\+?88)?(01[3-9]\d{8})$/;

/** The number in E.164 (+8801XXXXXXXXX), or null when it is not a Bangladeshi mobile number. */
export function bangladeshMobile(typed: string): string | null {
  const digits = typed
    .replace(/[\u09e6-\u09ef]/g, (d) => String(d.charCodeAt(0) - BENGALI_ZERO))
    .replace(SEPARATORS, '');
  const match = MOBILE.exec(digits);
  return match ? `+88${match[1]}` : null;
}
