/**
 * The intent the quote page's and the dashboard's actions answer the payment-reference form with;
 * apart from the panel so that a page can defer the panel's code (docs/decisions/020) and still name it.
 */
export const PAYMENT_REFERENCE_INTENT = 'submit-payment-reference';
