import type { PatternRecognizer } from "./pattern-recognizers.js";

/**
 * Names in Chinese, Japanese and Korean text, which has no capitals and no spaces: a name next to
 * a word that only people get ("我叫王伟", "王伟先生", "田中さん", "김민준 씨"). Without such a word
 * a CJK name is not found (a word list alone would match ordinary words). Written for this project.
 */

/** Common Chinese surnames (single characters). */
const chineseSurnames =
  "王李张張刘劉陈陳杨楊黄黃赵趙吴吳周徐孙孫马馬朱胡郭何高林罗羅郑鄭梁谢謝宋唐许許韩韓冯馮邓鄧曹彭曾肖田董袁潘于蒋蔣蔡余杜叶葉程苏蘇魏吕呂丁任沈姚卢盧姜崔钟鍾谭譚陆陸汪范金石廖贾賈夏韦韋付方白邹鄒孟熊秦邱江尹薛闫段雷侯龙龍史陶黎贺賀顾顧毛郝龚龔邵万萬钱錢严嚴覃武戴莫孔向汤湯";
const han = "[\\u4e00-\\u9fff]";
/** Words before a name: "my name is", "called", "contact:", "colleague", "Mr. … of". */
const chineseBefore =
  "(?:我叫|我是|名叫|叫做|名字是|姓名[:：]?\\s*|联系人[:：]?\\s*|聯絡人[:：]?\\s*|同事|朋友|经理|經理|老师|老師)";
/** Words after a name: titles and acts ("先生", "女士", "说", "的电话"). */
const chineseAfter =
  "(?=\\s*(?:先生|女士|小姐|老师|老師|经理|經理|医生|醫生|教授|同学|同學|说|說|打电话|打電話|的电话|的電話|的邮箱|的郵箱|的地址))";
const chineseName = `[${chineseSurnames}]${han}{1,2}`;

/** Japanese honorifics after a name written in kanji or katakana (田中さん, 佐藤様). */
const japaneseName = "[\\u4e00-\\u9fff\\u30a0-\\u30ff]{2,5}(?=\\s*(?:さん|様|さま|くん|ちゃん))";
/** Korean honorifics after a name in Hangul (김민준 씨, 이서연님). */
const koreanName = "[\\uac00-\\ud7af]{2,4}(?=\\s*(?:씨|님|선생님))";

export const cjkPersonRecognizer: PatternRecognizer = {
  type: "PERSON",
  pattern: new RegExp(
    `(?<=${chineseBefore})${chineseName}|${chineseName}${chineseAfter}|${japaneseName}|(?<![\\uac00-\\ud7af])${koreanName}`,
    "gu",
  ),
  hint: (text) => /[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/.test(text),
  score: () => 0.8,
};
