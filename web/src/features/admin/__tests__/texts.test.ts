import { describe, expect, it } from 'vitest';
import { filledLangs, TEXT_LANGS, textsIssue, textsParams } from '../texts';

describe('texts in the other languages', () => {
  it('posts the filled languages as flat fields beside the English one, trimmed', () => {
    expect(textsParams('name', { zh: ' 港湾矿池 ', fra: '', kor: '   ', bx: 'Porto' })).toEqual({ name_zh: '港湾矿池', name_bx: 'Porto' });
    expect(textsParams('intro', undefined)).toEqual({});
  });

  it('knows which languages are filled, in the app order', () => {
    expect(filledLangs({ spa: 'x', zh: 'y', hk: ' ' })).toEqual(['zh', 'spa']);
    expect(TEXT_LANGS).not.toContain('en');
  });

  it('names the first language too long, counting characters not bytes', () => {
    expect(textsIssue({ zh: '字'.repeat(40) }, 40)).toBeNull();
    expect(textsIssue({ zh: '字'.repeat(40), fra: 'é'.repeat(41) }, 40)).toEqual({ lang: 'fra', max: 40 });
  });
});
