import { describe, expect, it } from 'vitest';
import { onlyApiCookies } from '../apiCookies';

describe("the API's cookies in a Cookie header", () => {
  it('keeps the session and the anti-forgery token, in their order, and nothing else', () => {
    expect(onlyApiCookies('a=1; lp_session=s; lp_consent=v1.s1.m1.t1;XSRF-TOKEN=t; _ga=GA1')).toBe(
      'lp_session=s; XSRF-TOKEN=t',
    );
    expect(onlyApiCookies(['lp_consent=v1', 'XSRF-TOKEN=t'])).toBe('XSRF-TOKEN=t');
  });

  it('answers undefined when none is left, and is not fooled by look-alike names', () => {
    expect(onlyApiCookies('lp_consent=v1.s1.m1.t1')).toBeUndefined();
    expect(onlyApiCookies('xXSRF-TOKEN=1; lp_session_old=2; lp_session')).toBeUndefined();
    expect(onlyApiCookies('')).toBeUndefined();
    expect(onlyApiCookies(undefined)).toBeUndefined();
    expect(onlyApiCookies(';;; ;')).toBeUndefined();
  });
});
