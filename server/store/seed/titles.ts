// Titles and authors for `npm run seed` that read like a library's shelves: a few patterns over hand-picked
// words (no plural of an abstract noun, no lorem ipsum), in English and about one book in forty in Bengali.
// Pure: the caller's seeded random numbers choose, so a seed gives the same catalogue every time.

/** A number in [0, 1), from the seed's PRNG. */
export type Random = () => number;

const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

const ADJECTIVES = [
  'Silent',
  'Last',
  'Hidden',
  'Golden',
  'Broken',
  'Distant',
  'Quiet',
  'Burning',
  'Forgotten',
  'Northern',
  'Little',
  'Long',
  'Red',
  'Winter',
  'Secret',
  'Lost',
  'Wild',
  'Bright',
  'Paper',
  'Glass',
  'Midnight',
  'Salt',
  'Monsoon',
] as const;
const THINGS = [
  'River',
  'House',
  'Garden',
  'Lantern',
  'Harbour',
  'Orchard',
  'Station',
  'Island',
  'Letter',
  'Bridge',
  'Map',
  'Tide',
  'Window',
  'Kingdom',
  'Road',
  'Compass',
  'Mountain',
  'Boat',
  'Clock',
  'Forest',
  'Well',
  'Key',
  'Sky',
] as const;
const PLACES = [
  'Dhaka',
  'Sylhet',
  'the Sundarbans',
  'Chittagong',
  'the Delta',
  'the North',
  'Rajshahi',
  'the Hills',
  'Khulna',
  'the Old Town',
  'the Sea',
  'the Padma',
] as const;
const ABSTRACT = [
  'Memory',
  'Silence',
  'Courage',
  'Rain',
  'Light',
  'Time',
  'Hope',
  'Longing',
  'Grace',
  'Fire',
  'Home',
  'Night',
] as const;
const FIRST_NAMES = [
  'Amina',
  'Rafiq',
  'Nadia',
  'Tanvir',
  'Laila',
  'Omar',
  'Rina',
  'Arif',
  'Maya',
  'Sami',
  'Farah',
  'Jamal',
  'Nila',
] as const;
const LAST_NAMES = [
  'Rahman',
  'Hossain',
  'Ahmed',
  'Chowdhury',
  'Islam',
  'Khan',
  'Das',
  'Sarkar',
  'Haque',
  'Begum',
  'Roy',
  'Karim',
  'Miah',
  'Sen',
  'Alam',
  'Talukder',
  'Barua',
  'Siddiqui',
] as const;

const ENGLISH: readonly ((random: Random) => string)[] = [
  (r) => `The ${pick(r, ADJECTIVES)} ${pick(r, THINGS)}`,
  (r) => `The ${pick(r, THINGS)} of ${pick(r, PLACES)}`,
  (r) => `${pick(r, FIRST_NAMES)} and the ${pick(r, ADJECTIVES)} ${pick(r, THINGS)}`,
  (r) => `A ${pick(r, THINGS)} of ${pick(r, ABSTRACT)}`,
  (r) => `${pick(r, ADJECTIVES)} ${pick(r, THINGS)}`,
  (r) => `Letters from ${pick(r, PLACES)}`,
  (r) => `The ${pick(r, ABSTRACT)} Keeper`,
  (r) => `${pick(r, ABSTRACT)} over ${pick(r, PLACES)}`,
];

const BN_ADJECTIVES = ['নীল', 'শেষ', 'হারানো', 'সোনালি', 'নীরব', 'দূরের', 'পুরনো', 'লাল'] as const;
const BN_THINGS = ['নদী', 'বাড়ি', 'আকাশ', 'চিঠি', 'পথ', 'নৌকা', 'জানালা', 'বাগান', 'সেতু', 'দ্বীপ'] as const;
const BN_PLACES = ['পদ্মার', 'সুন্দরবনের', 'ঢাকার', 'সিলেটের', 'গ্রামের', 'শহরের'] as const;
const BN_FIRST = ['আমিনা', 'রফিক', 'নাদিয়া', 'তানভীর', 'লায়লা', 'অরুণ', 'মিতা', 'সুমন'] as const;
const BN_LAST = ['রহমান', 'হোসেন', 'আহমেদ', 'চৌধুরী', 'ইসলাম', 'দাস', 'সরকার', 'রায়'] as const;

const BENGALI: readonly ((random: Random) => string)[] = [
  (r) => `${pick(r, BN_ADJECTIVES)} ${pick(r, BN_THINGS)}`,
  (r) => `${pick(r, BN_PLACES)} ${pick(r, BN_THINGS)}`,
  (r) => `${pick(r, BN_FIRST)}র ${pick(r, BN_THINGS)}`,
];

export interface SeedTitle {
  title: string;
  author: string;
  language: 'en' | 'bn';
}

/** One book's title and author; an author from `authors` (English) when given, the long tail writing less. */
export function seedTitle(random: Random, englishAuthors?: readonly string[]): SeedTitle {
  // One in forty, where the searches have been measured since (a Latin search also finds these by their romanized
  // keys, docs/banglish.md; `node bench/banglish-cost.ts <copy> --bengali-every N` measures a catalogue with more).
  if (random() < 1 / 40)
    return {
      title: pick(random, BENGALI)(random),
      author: `${pick(random, BN_FIRST)} ${pick(random, BN_LAST)}`,
      language: 'bn',
    };
  const author =
    englishAuthors && englishAuthors.length > 0
      ? englishAuthors[Math.floor(englishAuthors.length * random() ** 2)]!
      : seedAuthor(random);
  return { title: pick(random, ENGLISH)(random), author, language: 'en' };
}

/** A name on a spine: a first and a last name. */
export const seedAuthor = (random: Random): string => `${pick(random, FIRST_NAMES)} ${pick(random, LAST_NAMES)}`;
