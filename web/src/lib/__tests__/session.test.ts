import { describe, expect, it } from 'vitest';
import { browserLang, loadSession, rememberLang } from '../session';

describe('the first visit follows the browser', () => {
  it('maps browser language tags to the app\'s codes', () => {
    expect(browserLang(['en-US', 'en'])).toBe('en');
    expect(browserLang(['zh-CN'])).toBe('zh');
    expect(browserLang(['zh-TW'])).toBe('hk');
    expect(browserLang(['zh-Hant-HK'])).toBe('hk');
    expect(browserLang(['ja-JP'])).toBe('jp');
    expect(browserLang(['ko'])).toBe('kor');
    expect(browserLang(['pt-BR'])).toBe('bx');
    expect(browserLang(['fr-CA'])).toBe('fra');
    expect(browserLang(['es-419'])).toBe('spa');
    expect(browserLang(['th-TH'])).toBe('th');
  });

  it('takes the first language it speaks, and none when it speaks none', () => {
    expect(browserLang(['de-DE', 'fr-FR', 'en'])).toBe('fra');
    expect(browserLang(['de-DE', 'ru'])).toBeNull();
    expect(browserLang([])).toBeNull();
  });
});

describe('the chosen language reaches the server before any script runs', () => {
  it('is kept in a cookie at every start and at every change', () => {
    document.cookie = 'lang=; path=/; max-age=0';
    localStorage.setItem('lang', 'kor');
    expect(loadSession().lang).toBe('kor');
    expect(document.cookie).toContain('lang=kor');
    rememberLang('fra');
    expect(document.cookie).toContain('lang=fra');
    expect(localStorage.getItem('lang')).toBe('fra');
  });
});
