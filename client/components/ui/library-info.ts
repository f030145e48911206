// The library's contact details and opening hours, shown in the footer and on the contact page.
export const LIBRARY_CONTACT = {
  address: 'House 12, Road 5, Dhanmondi, Dhaka 1205, Bangladesh',
  email: 'info@bookhaven.com',
  phone: '+880 1712-345678',
};

export const OPENING_HOURS = [
  { days: 'Saturday to Thursday', hours: '10am to 8pm' },
  { days: 'Friday', hours: '2pm to 8pm' },
  { days: 'Government holidays', hours: 'Closed' },
];
