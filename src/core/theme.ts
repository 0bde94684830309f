/**
 * The design tokens that APIs taking a colour value (not a CSS variable) need: dialog buttons, the tab bar,
 * switches. They repeat the tokens of src/app.css; __tests__/core/theme.test.ts keeps the two the same.
 */
/** = --brand: 5.22:1 on white. */
export const BRAND = '#d0282c'
/** = --text-secondary: tab labels (5.74:1 on white). */
export const TEXT_SECONDARY = '#555555'
/** = --text: neutral dialog buttons. */
export const TEXT = '#1a1a1a'
/** = --bg */
export const BG = '#f5f6f8'
