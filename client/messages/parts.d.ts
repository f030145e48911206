// The parts of a catalogue (scripts/vite-message-catalogues.ts): `en.json?desk` is the desk's words alone,
// `?pages` the About, privacy and terms pages'.
declare module '*.json?desk' {
  const words: Record<string, unknown>;
  export default words;
}
declare module '*.json?pages' {
  const words: Record<string, unknown>;
  export default words;
}
