/**
 * Toxic and hard-negative sentences per language, written for the tests (not taken from any
 * dataset, and worded apart from the training seeds in `scripts/train/toxicity-multilingual.ts`):
 * an insult, a threat and an attack on a group, against everyday text, news about violence and a
 * violent idiom.
 */
export interface MultilingualCase {
  language: string;
  text: string;
  label: 0 | 1;
}

const rows: Readonly<
  Record<string, readonly [toxic: readonly string[], clean: readonly string[]]>
> = {
  ru: [
    [
      "Ты тупой урод, заткнись уже и не позорься.",
      "Я найду тебя и переломаю тебе все кости, мразь.",
      "Все эти приезжие — грязные животные, их надо гнать отсюда палками.",
    ],
    [
      "Спасибо за помощь с отчётом, встретимся завтра в десять.",
      "В центре города полиция задержала мужчину после поножовщины.",
      "Этот фильм просто убил меня своей концовкой, очень советую.",
    ],
  ],
  zh: [
    [
      "你就是个傻逼，滚出去别再发言了。",
      "再敢说一句我就弄死你全家。",
      "那些外地人都是垃圾，就该全部赶走。",
    ],
    [
      "谢谢你昨天帮我搬家，周末请你吃饭。",
      "警方在市中心逮捕了一名持刀伤人的男子。",
      "这部电影的结局太好笑了，笑死我了。",
    ],
  ],
  ja: [
    [
      "お前は本当にバカだな、黙ってろよクズ。",
      "次に会ったらぶっ殺してやるからな。",
      "あいつらは人間じゃない、ゴミだから国から追い出せ。",
    ],
    [
      "昨日は手伝ってくれてありがとう、また今度ご飯に行こう。",
      "警察は駅前で刃物を持った男を逮捕しました。",
      "この漫画は面白すぎて死ぬほど笑った。",
    ],
  ],
  ko: [
    [
      "너 진짜 병신이냐? 입 닥치고 꺼져라.",
      "한 번만 더 그러면 죽여버릴 거야.",
      "저런 놈들은 다 벌레 같은 것들이니까 싹 다 쫓아내야 돼.",
    ],
    [
      "어제 도와줘서 고마워, 다음에 밥 한번 살게.",
      "경찰은 시내에서 흉기 난동을 부린 남성을 체포했다.",
      "이 영화 결말 때문에 웃겨 죽는 줄 알았어.",
    ],
  ],
  ar: [
    [
      "أنت حيوان غبي ولا تفهم شيئا، اسكت.",
      "والله سأذبحك إذا رأيتك مرة أخرى.",
      "هؤلاء الناس قذارة ويجب طردهم جميعا من البلد.",
    ],
    [
      "شكرا على مساعدتك في نقل الأثاث، سأدعوك للعشاء.",
      "قالت الشرطة إن رجلا أصيب بجروح في هجوم بسكين قرب المحطة.",
      "هذا المسلسل ممتع جدا وأنصح الجميع بمشاهدته.",
    ],
  ],
  hi: [
    [
      "तू एकदम गधा है, अपना मुँह बंद रख।",
      "अगली बार दिखा तो तुझे जान से मार दूँगा, कमीने।",
      "ये लोग गंदे कीड़े हैं, इन्हें देश से निकाल दो।",
    ],
    [
      "कल मदद करने के लिए धन्यवाद, रविवार को खाने पर आओ।",
      "पुलिस ने स्टेशन के पास चाकू से हमला करने वाले व्यक्ति को पकड़ा।",
      "यह फिल्म बहुत मज़ेदार थी, हम सब हँसते रह गए।",
    ],
  ],
  tr: [
    [
      "Sen tam bir beyinsizsin, kes sesini artık.",
      "Bir daha karşıma çıkarsan seni gebertirim.",
      "Bu insanlar pislik, hepsini ülkeden kovmak lazım.",
    ],
    [
      "Taşınmada yardım ettiğin için teşekkürler, akşam yemeği benden.",
      "Polis, istasyon yakınında bıçaklı saldırı düzenleyen bir kişiyi yakaladı.",
      "Bu dizi çok eğlenceli, herkese tavsiye ederim.",
    ],
  ],
  pl: [
    [
      "Jesteś skończonym debilem, zamknij się wreszcie.",
      "Jak cię spotkam, to ci połamię wszystkie kości.",
      "Ci ludzie to brudne bydło, trzeba ich wygonić z kraju.",
    ],
    [
      "Dzięki za pomoc przy przeprowadzce, zapraszam na obiad.",
      "Policja zatrzymała mężczyznę, który zaatakował nożem przechodnia.",
      "Ten serial jest świetny, wszystkim polecam.",
    ],
  ],
  de: [
    [
      "Du bist so ein dummer Wichser, halt endlich die Fresse.",
      "Wenn ich dich erwische, schlag ich dich tot.",
      "Diese Leute sind Ungeziefer und gehören aus dem Land gejagt.",
    ],
    [
      "Danke für deine Hilfe beim Umzug, ich lade dich zum Essen ein.",
      "Die Polizei hat nach einer Messerattacke am Bahnhof einen Mann festgenommen.",
      "Die Serie ist total lustig, ich habe mich totgelacht.",
    ],
  ],
  fr: [
    [
      "T'es vraiment un gros con, personne ne veut de toi ici.",
      "Si je te croise, je te défonce la tête.",
      "Ces gens-là sont de la vermine, il faut les chasser du pays.",
    ],
    [
      "Merci pour ton aide pendant le déménagement, je t'invite à dîner.",
      "La police a interpellé un homme après une agression au couteau près de la gare.",
      "Cette série est géniale, je la recommande à tout le monde.",
    ],
  ],
  es: [
    [
      "Eres un imbécil de mierda, nadie te soporta.",
      "Como te vea por la calle te rompo las piernas.",
      "Esa gente es escoria y hay que echarlos a todos del país.",
    ],
    [
      "Gracias por ayudarme con la mudanza, te invito a cenar.",
      "La policía detuvo a un hombre tras una agresión con cuchillo cerca de la estación.",
      "Esta serie es buenísima, se la recomiendo a todo el mundo.",
    ],
  ],
  it: [
    [
      "Sei proprio un coglione, nessuno ti sopporta.",
      "Se ti becco per strada ti spezzo le gambe.",
      "Quella gente è feccia, bisogna cacciarli tutti dal paese.",
    ],
    [
      "Grazie per l'aiuto con il trasloco, ti offro una cena.",
      "La polizia ha fermato un uomo dopo un'aggressione con il coltello vicino alla stazione.",
      "Questa serie è bellissima, la consiglio a tutti.",
    ],
  ],
  pt: [
    [
      "Você é um idiota do caralho, ninguém te aguenta.",
      "Se eu te encontrar na rua, eu te mato.",
      "Essa gente é lixo e tem que ser expulsa do país.",
    ],
    [
      "Obrigado pela ajuda com a mudança, vou te pagar um jantar.",
      "A polícia prendeu um homem depois de um ataque com faca perto da estação.",
      "Essa série é ótima, recomendo para todo mundo.",
    ],
  ],
  nl: [
    [
      "Je bent echt een vuile kankerhoer, niemand moet jou.",
      "Als ik je op straat zie, sla ik je helemaal kapot.",
      "Dat soort mensen is tuig en moet het land uit geschopt worden.",
    ],
    [
      "Bedankt voor je hulp bij de verhuizing, ik trakteer op een etentje.",
      "De politie heeft een man aangehouden na een steekpartij bij het station.",
      "Deze serie is geweldig, ik raad hem iedereen aan.",
    ],
  ],
};

/** Every case, toxic ones first per language. */
export const multilingualCases: readonly MultilingualCase[] = Object.entries(rows).flatMap(
  ([language, [toxic, clean]]) => [
    ...toxic.map((text) => ({ language, text, label: 1 as const })),
    ...clean.map((text) => ({ language, text, label: 0 as const })),
  ],
);
