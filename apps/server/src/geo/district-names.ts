import type { DistrictLevel, Language } from '@xunji/shared';
import { pinyin } from 'pinyin-pro';
import { ENGLISH_NAMES, NAME_ENDINGS, PEOPLES, PLACE_READINGS } from './english-place-words.js';

interface NamedUnit {
  readonly adcode: string;
  /** Chinese, as the bundled data spells it */
  readonly name: string;
  readonly level: DistrictLevel;
}

/** English names made so far, by adcode (names repeat: there are two 朝阳区). */
const englishNames = new Map<string, string>();

/** A unit's name in the caller's language: the data's Chinese, or its English name. */
export function districtName(unit: NamedUnit, language: Language): string {
  if (language === 'zh-CN') return unit.name;
  let english = englishNames.get(unit.adcode);
  if (english === undefined) {
    english = englishName(unit);
    englishNames.set(unit.adcode, english);
  }
  return english;
}

/**
 * 广东省 → Guangdong, 深圳市 → Shenzhen, 南山区 → Nanshan District, 黔东南苗族侗族自治州 →
 * Qiandongnan Miao and Dong Autonomous Prefecture: the usual English name where the unit has one,
 * else the pinyin of its proper name followed by the English for its kind.
 */
export function englishName({ adcode, name, level }: NamedUnit): string {
  const known = ENGLISH_NAMES.get(adcode);
  if (known) return known;
  const ending = NAME_ENDINGS.find(
    (candidate) =>
      name.length > candidate.ending.length &&
      name.endsWith(candidate.ending) &&
      (candidate.only === undefined || candidate.only === level),
  );
  const stem = ending ? name.slice(0, -ending.ending.length) : name;
  const { place, peoples } = ending?.ending.startsWith('自治')
    ? splitPeoples(stem)
    : { place: stem, peoples: [] };
  const words = [place ? romanised(place) : '', listed(peoples)].filter(Boolean).join(' ');
  return `${words}${ending?.english ?? ''}`;
}

/** "延边朝鲜族" → place 延边 and the Korean people, reading the peoples from the end. */
function splitPeoples(stem: string): { place: string; peoples: string[] } {
  const peoples: string[] = [];
  let place = stem;
  for (;;) {
    const match = [...PEOPLES].find(
      ([people]) => place.endsWith(`${people}族`) || (people.length > 1 && place.endsWith(people)),
    );
    if (!match) return { place, peoples };
    const [people, english] = match;
    place = place.slice(0, place.endsWith(`${people}族`) ? -people.length - 1 : -people.length);
    peoples.unshift(english);
  }
}

/** "Miao", "Miao and Dong", "Yi, Hui and Miao". */
function listed(words: string[]): string {
  if (words.length < 2) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** 深圳 → Shenzhen, 西安 → Xi'an: syllables run together, an apostrophe before a, o and e. */
function romanised(chinese: string): string {
  // One syllable per character (the names are all Han characters).
  const syllables = pinyin(chinese, { toneType: 'none', type: 'array' });
  for (const [word, reading] of PLACE_READINGS)
    for (let at = chinese.indexOf(word); at >= 0; at = chinese.indexOf(word, at + word.length))
      syllables.splice(at, word.length, ...reading.split(' '));
  const word = syllables
    .map((syllable, index) => (index > 0 && /^[aoe]/.test(syllable) ? `'${syllable}` : syllable))
    .join('');
  return word.charAt(0).toUpperCase() + word.slice(1);
}
