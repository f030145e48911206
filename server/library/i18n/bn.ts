// The library's sentences in Bangla, entry for entry with en.ts (the type refuses a missing or extra key).
// Field names and codes stay as the API spells them; numbers, amounts and days are written in Bangla by ./index.ts.
import type { SentenceKey } from './en.ts';

export const bn: Record<SentenceKey, string> = {
  alreadyBorrowed: 'আপনি বইটি আগেই ধার নিয়েছেন। ফেরত দেওয়ার পর আবার ধার নিতে পারবেন।',
  outOfStock: 'বইটির কোনো কপি এখন নেই।',
  bookNotFound: 'বইটি পাওয়া যায়নি',
  loanNotFound: 'ধারের রেকর্ডটি পাওয়া যায়নি',
  notYourLoan: 'আপনি শুধু নিজের ধার নেওয়া বই ফেরত দিতে পারেন।',
  notYourList: 'আপনি শুধু নিজের ধার নেওয়া বইয়ের তালিকা দেখতে পারেন।',
  alreadyReturned: 'বইটি আগেই ফেরত দেওয়া হয়েছে।',
  returnClaimed: 'বইটি ডেস্কে বা বই জমার বাক্সে পৌঁছালে আমরা এই ধার বন্ধ করব।',
  unauthorized: 'অনুমতি নেই: সাইন ইন করুন',
  forbidden: 'প্রবেশের অনুমতি নেই',
  staffOnly: 'এটি শুধু লাইব্রেরির কর্মীরা করতে পারেন।',
  editorsOnly: 'শুধু লাইব্রেরির কর্মীরা বই যোগ বা হালনাগাদ করতে পারেন।',
  copiesStaffOnly: 'লাইব্রেরির কাছে বইটির কতগুলো কপি আছে, তা শুধু কর্মীরা বদলাতে পারেন।',
  costStaffOnly: 'বইটি হারালে বা নষ্ট হলে তার মূল্য শুধু লাইব্রেরির কর্মীরা বদলাতে পারেন।',
  bookChanged:
    'আপনি সম্পাদনা করার সময় বইটিতে পরিবর্তন হয়েছে। পরিবর্তনগুলো দেখতে বইটি আবার লোড করুন, তারপর আপনার সম্পাদনা আবার করুন।',
  loanNotActive: 'এই ধার আগেই শেষ হয়ে গেছে।',
  loanOverdue:
    'বইটি ফেরতের তারিখ পেরিয়ে গেছে, তাই মেয়াদ বাড়ানো যাবে না। অনুগ্রহ করে বইটি ফেরত দিন; শুধু যেসব ধারের মেয়াদ এখনো শেষ হয়নি, সেগুলোর মেয়াদ বাড়ানো যায়।',
  holdNotFound: 'রিজার্ভটি পাওয়া যায়নি',
  holdEnded: 'এই রিজার্ভ আগেই শেষ হয়ে গেছে।',
  notYourHold: 'আপনি শুধু নিজের রিজার্ভ বাতিল করতে পারেন।',
  bookRequested: 'আরেকজন সদস্য বইটি চেয়েছেন, তাই মেয়াদ বাড়ানো যাবে না। অনুগ্রহ করে ফেরতের তারিখের মধ্যে বইটি ফেরত দিন।',
  unavailable: 'লাইব্রেরি এই মুহূর্তে সাড়া দিচ্ছে না। একটু পরে আবার চেষ্টা করুন।',

  idTokenRequired: 'idToken দিতে হবে: Firebase দিয়ে সাইন ইন করে তার ID token পাঠান',
  idTokenInvalid: 'idToken সঠিক Firebase ID token নয়',
  uidMismatch: 'uid সাইন ইন করা ব্যবহারকারীর সঙ্গে মেলে না',
  noEmail: 'সাইন ইন করা অ্যাকাউন্টে কোনো ই-মেইল ঠিকানা নেই',
  ownAccountOnly: 'আপনি শুধু নিজের অ্যাকাউন্ট দেখতে পারেন।',
  memberNotFound: 'সদস্য পাওয়া যায়নি',
  noAccountForSession: 'আবার সাইন ইন করুন: এই সেশনের জন্য কোনো BookHaven অ্যাকাউন্ট নেই।',
  accountInUse:
    'ধার নেওয়া বই, রিজার্ভ বা বকেয়া থাকা অবস্থায় অ্যাকাউন্ট মুছে ফেলা যায় না। বই ফেরত দিন, রিজার্ভ বাতিল করুন এবং ডেস্কে বকেয়া পরিশোধ করুন, তারপর আবার চেষ্টা করুন।',

  onLoanAlready: 'বইটি এখন আপনার কাছেই ধার আছে।',
  alreadyOnHold: 'আপনি এই বইয়ের অপেক্ষার তালিকায় আগেই আছেন।',
  copiesAvailable: 'কপি পাওয়া যাচ্ছে: এখনই ধার নিন।',
  holdLimit:
    'আপনার ইতিমধ্যে {limit, number}টি রিজার্ভ আছে, লাইব্রেরি একসঙ্গে এর বেশি রাখে না। নতুন রিজার্ভ দিতে একটি বাতিল করুন।',
  loanLimit:
    'আপনার কাছে ইতিমধ্যে {limit, number}টি বই ধার আছে, লাইব্রেরি একসঙ্গে এর বেশি ধার দেয় না। আরেকটি নিতে একটি ফেরত দিন।',
  feesUnpaid: 'আপনার {amount} জরিমানা বকেয়া আছে। আরও বই ধার নেওয়ার আগে ডেস্কে পরিশোধ করুন।',
  renewOwnOnly: 'আপনি শুধু নিজের ধার নেওয়া বইয়ের মেয়াদ বাড়াতে পারেন।',
  noRenewals: 'লাইব্রেরি ধারের মেয়াদ বাড়ায় না।',
  renewalLimit: 'এই ধারের মেয়াদ ইতিমধ্যে {times, number} বার বাড়ানো হয়েছে, লাইব্রেরি এর বেশি বাড়ায় না।',
  returnDateMissing: 'ফেরতের একটি তারিখ বেছে নিন',
  returnDateFormat: 'returnDate একটি তারিখ হতে হবে (YYYY-MM-DD)',
  returnDatePast: 'ফেরতের তারিখ আজকের আগে হতে পারে না',
  returnDateTooLate: 'ধার সর্বোচ্চ {days, number} দিনের জন্য: {day} বা তার আগের একটি ফেরতের তারিখ বেছে নিন।',
  bookMismatch: 'bookId ধার নেওয়া বইয়ের সঙ্গে মেলে না',
  owesNothing: 'এই সদস্যের কোনো বকেয়া নেই।',
  amountOverBalance: 'পরিমাণটি সদস্যের বকেয়ার ({amount}) চেয়ে বেশি।',
  copiesOnLoan: '{onLoan, number}টি কপি ধারে আছে, তাই লাইব্রেরির কপি {fewest}টির কম হতে পারে না।',
  auditOneOf: 'bookId (একটি বইয়ের ইতিহাস) অথবা uid (একজন সদস্যের ইতিহাস), ঠিক একটি দিন।',

  ownNoticesOnly: 'আপনি শুধু নিজের নোটিশ দেখতে পারেন।',
  markAtMost: 'একবারে সর্বোচ্চ ১০০টি নোটিশ চিহ্নিত করা যায়।',
  emailSettingOwn: 'সদস্যের ই-মেইল সেটিং শুধু সদস্য নিজে এবং কর্মীরা দেখতে পারেন।',
  unsubscribeBad:
    'এই আনসাবস্ক্রাইব লিংকটি সঠিক নয়: এটি কাটা পড়েছে বা বদলে গেছে। তার বদলে BookHaven-এ সাইন ইন করে নোটিশ অংশে "নোটিশ ই-মেইলে পাঠান" বন্ধ করুন।',
  unsubscribeOutdated:
    'এই আনসাবস্ক্রাইব লিংকটি "নোটিশ ই-মেইলে পাঠান" সেটিংয়ে আপনার শেষ পরিবর্তনের আগের, তাই এটি আর কিছু বদলায় না, নোটিশ এখনো ই-মেইলে যাচ্ছে। বন্ধ করতে সবচেয়ে নতুন ই-মেইলের লিংকটি ব্যবহার করুন, অথবা BookHaven-এ সাইন ইন করে নোটিশ অংশে "নোটিশ ই-মেইলে পাঠান" বন্ধ করুন।',
  unsubscribeGone: 'যে অ্যাকাউন্টে এই লিংক পাঠানো হয়েছিল, সেটি আর নেই।',

  requestKeyFormat: 'idempotencyKey ১ থেকে ১২৮টি দৃশ্যমান অক্ষরের হতে হবে, যেমন একটি UUID।',
  requestKeyReused: 'এই রিকোয়েস্ট কী আগে অন্য একটি রিকোয়েস্টে ব্যবহার হয়েছে। কিছুই রেকর্ড হয়নি; আবার জমা দিন।',
  requestInProgress: 'এই রিকোয়েস্টটি এখনো রেকর্ড হচ্ছে। একটু অপেক্ষা করুন, তারপর রিলোড করে দেখুন হয়েছে কি না।',
  tooManyRequests: 'অনেক বেশি রিকোয়েস্ট হয়েছে, একটু পরে আবার চেষ্টা করুন।',
  tooManyFailedSignIns: 'এই ঠিকানা থেকে অনেকবার সাইন ইন ব্যর্থ হয়েছে। এক মিনিট অপেক্ষা করে আবার চেষ্টা করুন।',
  tooManySignIns: 'গত এক মিনিটে এই অ্যাকাউন্টে অনেকবার সাইন ইন হয়েছে। একটু অপেক্ষা করে আবার চেষ্টা করুন।',
  notFound: 'পাওয়া যায়নি',
  invalidRequest: 'রিকোয়েস্টটি সঠিক নয়',
  malformedUrl: 'URL-টি সঠিক নয়',
  internalError: 'সার্ভারে একটি সমস্যা হয়েছে',

  fieldRequired: '{field} দিতে হবে',
  fieldText: '{field} লেখা হতে হবে',
  fieldOneLine: '{field} এক লাইনের হতে হবে: লাইন ব্রেক, ট্যাব বা অন্য কন্ট্রোল অক্ষর চলবে না',
  fieldTypeable: '{field}-এ কন্ট্রোল অক্ষর বা ভাঙা ইউনিকোড থাকতে পারবে না',
  fieldTooLong: '{field} সর্বোচ্চ {max}টি অক্ষরের হতে পারে',
  fieldNumber: '{field} একটি সংখ্যা হতে হবে',
  fieldWhole: '{field} একটি পূর্ণসংখ্যা হতে হবে',
  fieldRange: '{field} {min} থেকে {max}-এর মধ্যে হতে হবে',
  fieldUrl: '{field} একটি http বা https URL হতে হবে',
  fieldId: '{field} ২৪ অক্ষরের একটি হেক্সাডেসিমাল id হতে হবে',
  fieldDay: '{field} একটি তারিখ হতে হবে (YYYY-MM-DD)',
  fieldUnknown: 'অজানা ঘর "{field}"',
  localeUnknown: 'locale হতে হবে "en" অথবা "bn"',
  localeOwn: 'সদস্যের ভাষা শুধু সদস্য নিজে এবং কর্মীরা দেখতে পারেন।',
  afterCursor: 'after সঠিক কার্সর নয়',

  noticeDueSoon: '“{title}” ফেরত দেওয়ার শেষ দিন {day}।',
  noticeOverdue: '“{title}” ফেরত দেওয়ার শেষ দিন ছিল {day}। দেরির জরিমানা দিনে {fee}: অনুগ্রহ করে বইটি ফেরত দিন।',
  noticeHoldReady: '“{title}” {day} পর্যন্ত আপনার জন্য রাখা আছে। বইয়ের পাতা থেকে ধার নিন।',
  noticeHoldExpired: '“{title}” বইয়ে আপনার রিজার্ভের মেয়াদ শেষ: {day}-এর মধ্যে কপিটি ধার নেওয়া হয়নি।',

  mailSubjectDueSoon: 'ফেরতের দিন কাছে: “{title}”',
  mailSubjectOverdue: 'ফেরতের তারিখ পেরিয়েছে: “{title}”',
  mailSubjectHoldReady: 'আপনার জন্য রাখা আছে: “{title}”',
  mailSubjectHoldExpired: 'রিজার্ভের মেয়াদ শেষ: “{title}”',
  mailSubjectDueDateMoved: 'লাইব্রেরি বন্ধ: “{title}” ফেরতের নতুন তারিখ',
  mailHello: 'প্রিয় {name},',
  mailOpen: 'BookHaven-এ খুলুন',
  mailWhy: 'আপনার BookHaven নোটিশ ই-মেইলে পাঠানো চালু আছে বলে এই ই-মেইলটি পেয়েছেন।',
  mailStop: 'নোটিশ ই-মেইলে পাঠানো বন্ধ করুন',

  // The library's calendar.
  calendarRangeOrder: 'to অবশ্যই from-এর দিন বা তার পরের দিন হতে হবে',
  closureTooOld: 'বন্ধের দিন সর্বোচ্চ এক বছর আগের হতে পারে।',
  closureTooFar: 'বন্ধের দিন সর্বোচ্চ তিন বছর পরের হতে পারে।',
  noticeOverdueOpenDays:
    '“{title}” ফেরত দেওয়ার শেষ দিন ছিল {day}। লাইব্রেরি খোলা থাকে এমন প্রতিটি দিনের জন্য দেরির জরিমানা {fee}: অনুগ্রহ করে বইটি ফেরত দিন।',
  noticeDueDateMovedLoan: 'লাইব্রেরি {closed} বন্ধ থাকবে; “{title}” ফেরত দেওয়ার নতুন তারিখ {day}।',
  noticeDueDateMovedHold: 'লাইব্রেরি {closed} বন্ধ থাকবে; “{title}” এখন {day} পর্যন্ত আপনার জন্য রাখা থাকবে।',
  overdueOne: '“{title}” ফেরত দেওয়ার তারিখ পেরিয়ে গেছে। আরেকটি বই ধার নেওয়ার আগে অনুগ্রহ করে বইটি ফেরত দিন।',
  overdueMany:
    '“{title}” এবং আরও {others, plural, other {#টি বই}} ফেরত দেওয়ার তারিখ পেরিয়ে গেছে। আরেকটি বই ধার নেওয়ার আগে অনুগ্রহ করে সেগুলো ফেরত দিন।',

  cashUpFuture: 'যে দিন এখনো আসেনি, তার হিসাব খালি: আজ বা তার আগের একটি দিন বেছে নিন।',
  notOverdueYet: '“{title}” এখনো মেয়াদোত্তীর্ণ নয়: ফেরতের শেষ দিন {day}।',

  // The unsubscribe page.
  unsubscribeAskTitle: 'নোটিশ ই-মেইলে পাঠানো বন্ধ করবেন?',
  unsubscribeAskText: 'BookHaven অ্যাপে আপনার নোটিশ দেখাতে থাকবে, শুধু ই-মেইলে পাঠানো বন্ধ করবে।',
  unsubscribeDoneTitle: 'নোটিশ আর ই-মেইলে পাঠানো হবে না',
  unsubscribeDoneText:
    '{email}-এ আর নোটিশ ই-মেইল করা হবে না। BookHaven-এ আপনি নোটিশগুলো দেখতে পাবেন, আর সেখানে নোটিশ অংশে ই-মেইল আবার চালু করতে পারবেন।',
  unsubscribeBadTitle: 'এই লিংকটি কাজ করছে না',
  // Members at the desk.
  memberBlocked:
    'আপনার কার্ড বন্ধ রাখা হয়েছে (“{reason}”), তাই আপনি বই ধার নিতে বা রিজার্ভ দিতে পারবেন না। অনুগ্রহ করে লাইব্রেরির কর্মীদের সঙ্গে কথা বলুন।',
  cardTaken: '{card} কার্ডটি আরেকজন সদস্যের কাছে আছে।',
  emailTaken: '{email} ই-মেইলে একটি অ্যাকাউন্ট আগেই আছে: নতুন করে নিবন্ধন না করে সেই সদস্যকে খুঁজুন।',
  emailFormat: 'email একটি ই-মেইল ঠিকানা হতে হবে, যেমন name@example.com',
  phoneFormat: 'phone একটি ফোন নম্বর হতে হবে: অঙ্ক, সঙ্গে স্পেস, ড্যাশ, বন্ধনী বা শুরুতে +',
  cardFormat: '{field}-এ ৪ থেকে ২০টি অক্ষর, অঙ্ক বা ড্যাশ থাকতে হবে',
  cardIsItem: '{card} একটি বইয়ের কপির বারকোড, সদস্যের কার্ড নয়।',
  cardCheckDigit: '{card} লাইব্রেরির সঠিক কার্ড নম্বর নয়: কোনো অঙ্ক ভুল টাইপ হয়েছে কি না দেখুন।',
  memberEditEmpty: 'name, email বা phone-এর অন্তত একটি দিন।',
  // The REST layer's schema messages from Ajv.
  ajvMinLength: '{field}-এ অন্তত {limit}টি অক্ষর থাকতে হবে',
  ajvMaxLength: '{field}-এ {limit}টির বেশি অক্ষর থাকতে পারবে না',
  ajvMinItems: '{field}-এ অন্তত {limit}টি উপাদান থাকতে হবে',
  ajvMaxItems: '{field}-এ {limit}টির বেশি উপাদান থাকতে পারবে না',
  ajvMinimum: '{field} অবশ্যই {limit} বা তার বেশি হতে হবে',
  ajvMaximum: '{field} অবশ্যই {limit} বা তার কম হতে হবে',
  ajvExclusiveMinimum: '{field} অবশ্যই {limit}-এর বেশি হতে হবে',
  ajvExclusiveMaximum: '{field} অবশ্যই {limit}-এর কম হতে হবে',
  ajvEnum: '{field} অনুমোদিত মানগুলোর একটি হতে হবে',
  ajvFormat: '{field} অবশ্যই "{format}" ফরম্যাটে হতে হবে',
  ajvInvalid: '{field} সঠিক নয়',
  ajvType: '{field}-এর মান {type} ধরনের হতে হবে',
};
