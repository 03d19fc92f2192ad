/** Language choices shown by their own names (locale keys `lang.<code>`). */
import { LANGUAGES } from './constants';

export const LANGUAGE_OPTIONS = LANGUAGES.map((code) => ({ code, labelKey: `lang.${code}` }));
