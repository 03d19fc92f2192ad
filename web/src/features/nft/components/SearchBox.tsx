/**
 * The market's search (the spec's "search" component): what is typed is
 * sent 500 ms after the last key, trimmed and at most 40 characters (the
 * server's limit); the clear button empties it at once.
 */
import { Input } from 'antd-mobile';
import { SearchOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cleanKeyword, KEYWORD_MAX, SEARCH_DEBOUNCE_MS } from '../logic';

export function SearchBox({ value, onSearch, placeholder }: { value: string; onSearch: (keyword: string) => void; placeholder: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const latest = useRef(onSearch);
  useEffect(() => {
    latest.current = onSearch;
  });
  useEffect(() => {
    const keyword = cleanKeyword(text);
    if (keyword === value) return;
    const timer = setTimeout(() => latest.current(keyword), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    <div className="ui-input nft-search" data-testid="nft-search" role="search">
      <SearchOutline className="nft-search-icon" aria-hidden="true" />
      <Input
        value={text}
        onChange={(v) => setText([...v].slice(0, KEYWORD_MAX).join(''))}
        maxLength={KEYWORD_MAX}
        placeholder={placeholder}
        clearable
        onClear={() => {
          setText('');
          latest.current('');
        }}
        aria-label={t('nft.search.label')}
        enterKeyHint="search"
      />
    </div>
  );
}
