// What a loan, and the audit entries about it, hold instead of their member once the loan has lost them (decision
// 083): this prefix and a word drawn once per member and write. The gateway writes it; the desk's histories show
// it as an anonymous reader.
export const ANONYMOUS_MEMBER = 'anonymous:';

export const isAnonymousMember = (userId: string): boolean => userId.startsWith(ANONYMOUS_MEMBER);
