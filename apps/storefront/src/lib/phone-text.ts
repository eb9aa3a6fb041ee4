/**
 * A Danish phone number as Danes read it ("35 36 11 22") and as a tel: link a phone can dial from abroad too
 * ("tel:+4535361122"). A number already given with a country code keeps it.
 */
export function phoneText(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "");
  return /^\d{8}$/.test(digits) ? digits.replace(/(\d{2})(?=\d)/g, "$1 ") : phone.trim();
}

export function phoneHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "");
  return `tel:${/^\d{8}$/.test(digits) ? `+45${digits}` : digits}`;
}
