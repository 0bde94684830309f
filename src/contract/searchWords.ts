/**
 * English words a shopper searches with, for the demo's shops and goods, whose names are Chinese (issue 24): the
 * server searches a word of this table as the Chinese it stands for (whole word, any case), so Search's English
 * popular words (src/features/search/messages.ts) — and the same words typed — find what the Chinese ones find.
 * Every popular word has its entry; __tests__/server/searchWords.test.ts checks that each finds something.
 */
export const SEARCH_ALIASES: Readonly<Record<string, string>> = {
  'sichuan food': '川味',
  sichuan: '川',
  ramen: '拉面',
  noodles: '面',
  'hair salon': '美发',
  hairdresser: '美发',
  laundry: '洗衣',
  earphones: '耳机',
  headphones: '耳机',
  rice: '大米',
  'navel oranges': '脐橙',
  oranges: '橙',
  orange: '橙',
  nuts: '坚果',
  'face cream': '面霜',
  tissues: '抽纸',
  puzzles: '拼图',
  puzzle: '拼图',
  // Takeout search's popular words (src/features/takeout/messages.ts `to.hotWords`): dishes and shops of the demo.
  'milk tea': '奶茶',
  'beef noodles': '牛肉面',
  congee: '粥',
  fish: '鱼',
  mango: '芒果',
}

/** What the server looks for: the Chinese of an English word of the table, else the keyword as typed. */
export const searchTerm = (keyword: string): string => SEARCH_ALIASES[keyword.trim().toLowerCase()] ?? keyword
