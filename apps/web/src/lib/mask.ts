/** 13812341234 → 138****1234 */
export const maskPhone = (phone: string): string =>
  phone.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2');
