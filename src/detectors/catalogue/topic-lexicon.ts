/**
 * Vocabularies of topics people commonly ban, hand-written for ragguard in the manner of a
 * thesaurus entry: `core` terms are hardly used outside the topic (`murder`, `stab`), `related`
 * terms belong to it but also to everyday speech (`shoot`, `attack`, `blood`). Word endings
 * (`-s`, `-ed`, `-ing`, a doubled last consonant) are matched by the scorer, not listed here.
 */
export interface TopicVocabulary {
  readonly core: readonly string[];
  readonly related: readonly string[];
}

const words = (list: string): string[] => list.split(",").map((term) => term.trim());

export const topicVocabularies: Readonly<Record<string, TopicVocabulary>> = {
  violence: {
    core: words(
      "murder,murderer,stab,slaughter,massacre,strangle,behead,decapitate,bludgeon,maim,mutilate,torture,assault,bloodshed,bleed,bleeding,homicide,manslaughter,gunman,gunmen,gunfire,gunshot,shootout,knifepoint,gunpoint,rape,lynch,brutalize,brutality,pummel,choke,throttle,disembowel,dismember,punch,kick,beating,bruise,bruised,stitches,unconscious,violent,violence,break your,smash his,smash her,smash your,knock out,knocked out,beat up,black eye,gore,gory,bloodbath,carnage,stabbing,shooting,slay,slain,abduct,kidnap,ambush,arson,burn alive,drown,bludgeoned,fistfight,brawl,beaten,wounded,casualties,fatally,bodies,corpse,dead body,pistol-whip,hack apart,hacked apart,cut his throat,slit his throat,grabbed her by the throat,grabbed him by the throat,by the throat,slammed,batons,rubber bullets,bullets,execution-style",
    ),
    related: words(
      "kill,killer,killing,shoot,shot,gun,knife,blade,weapon,attack,attacker,hurt,harm,wound,injure,injury,injured,blood,bloody,dead,death,die,body,fight,beat,hit,slap,threaten,threat,revenge,execute,execution,prisoner,soldier,war,riot,armed,stormed,rib,jaw,skull,throat,bones,police,victim,victims,terror,scream,flee,tire iron,bat,hammer,crowbar,axe,machete,gang,thug,cellmate,clash,hurl,fired,rock,fatal,poison,explosion,hostage,grab,slam,crush,strike,bash,whip,burn,rage,furious,hunt down,make them pay,teach him a lesson,teach her a lesson,suffer,pain,scar",
    ),
  },
  weapons: {
    core: words(
      "firearm,rifle,pistol,handgun,shotgun,revolver,ammunition,ammo,grenade,explosive,detonator,silencer,suppressor,ar-15,ak-47,assault rifle,semi-automatic,caliber,calibre,magazine clip,bullet,rocket launcher,missile,landmine,pipe bomb,ghost gun,3d-printed gun",
    ),
    related: words(
      "gun,knife,blade,weapon,bomb,shoot,trigger,barrel,scope,holster,arsenal,armed,sniper,range,cartridge,gunpowder,machete,sword,crossbow,taser",
    ),
  },
  drugs: {
    core: words(
      "cocaine,heroin,meth,methamphetamine,fentanyl,mdma,ecstasy,lsd,ketamine,crack cocaine,opioid,opiate,narcotic,overdose,psilocybin,amphetamine,xanax,oxycodone,cannabis,marijuana",
    ),
    related: words(
      "drug,dealer,weed,pill,high,dose,snort,inject,needle,stash,gram,kilo,smuggle,cartel,addict,addiction,withdrawal,rehab,joint,bong,trip,cook",
    ),
  },
  politics: {
    core: words(
      "election,elections,ballot,democrat,republican,parliament,senator,congressman,congresswoman,congress,campaign,political,politics,politician,prime minister,president,presidential,referendum,legislation,left-wing,right-wing,partisan,electoral,mp,governor",
    ),
    related: words(
      "vote,voting,voter,policy,government,party,liberal,conservative,candidate,debate,poll,minister,law,bill,senate,cabinet,opposition,tax,immigration,protest",
    ),
  },
  religion: {
    core: words(
      "religion,religious,god,allah,jesus,christ,church,mosque,synagogue,temple,bible,quran,koran,torah,scripture,prayer,pray,christian,christianity,muslim,islam,islamic,jewish,judaism,hindu,hinduism,buddhist,buddhism,atheist,atheism,sacred,worship,prophet",
    ),
    related: words(
      "faith,belief,believer,priest,imam,rabbi,monk,pastor,sin,heaven,hell,soul,holy,divine,spiritual,blessing,sermon,salvation,afterlife",
    ),
  },
  gambling: {
    core: words(
      "casino,gambling,gamble,poker,roulette,slot machine,blackjack,jackpot,wager,bookmaker,sportsbook,betting,baccarat,parlay",
    ),
    related: words("bet,odds,lottery,stake,chips,dealer,payout,spin,win big,bankroll,bingo,dice"),
  },
  "self-harm": {
    core: words(
      "suicide,suicidal,self-harm,self harm,kill myself,end my life,hang myself,cut myself,cutting myself,want to die,take my own life,overdose on,slit my wrists",
    ),
    related: words(
      "overdose,razor,wrists,hopeless,worthless,no reason to live,give up,pills,jump off,burden,goodbye note",
    ),
  },
  sex: {
    core: words(
      "sex,sexual,porn,pornography,pornographic,nude,naked,erotic,orgasm,genital,genitals,nsfw,intercourse,masturbate,fetish,stripper,onlyfans",
    ),
    related: words("explicit,aroused,seduce,lingerie,bedroom,kinky,hookup,horny,sexy,undress"),
  },
  medical: {
    core: words(
      "diagnosis,diagnose,symptom,disease,medication,prescription,dosage,treatment,cancer,diabetes,surgery,chemotherapy,antibiotic,infection,tumour,tumor,clinical,physician",
    ),
    related: words(
      "doctor,patient,therapy,pain,fever,blood pressure,hospital,medicine,dose,pill,nurse,illness,chronic,condition,side effect,vaccine",
    ),
  },
  finance: {
    core: words(
      "stock,stocks,investment,invest,investor,crypto,cryptocurrency,bitcoin,ethereum,portfolio,dividend,hedge fund,mortgage,interest rate,etf,brokerage,securities",
    ),
    related: words(
      "trading,trade,loan,shares,market,fund,bond,savings,returns,profit,price,tax,bank,asset,inflation,retirement",
    ),
  },
  hacking: {
    core: words(
      "exploit,malware,ransomware,phishing,keylogger,botnet,ddos,sql injection,backdoor,rootkit,zero-day,privilege escalation,reverse shell,credential stuffing,brute force,crack password,password cracking,trojan",
    ),
    related: words(
      "payload,vulnerability,hack,hacker,breach,bypass,firewall,shell,inject,credentials,password,cve,scanner,port scan,spoof",
    ),
  },
  terrorism: {
    core: words(
      "terrorist,terrorism,jihad,jihadist,isis,al-qaeda,extremist,radicalize,radicalise,suicide bomber,car bomb,bombing,hostage,insurgent,militant",
    ),
    related: words(
      "attack,bomb,explosive,recruit,martyr,cell,plot,manifesto,propaganda,caliphate,hijack,massacre",
    ),
  },
};

const topicAliases: Readonly<Record<string, string>> = {
  "self harm": "self-harm",
  suicide: "self-harm",
  weapon: "weapons",
  guns: "weapons",
  drug: "drugs",
  political: "politics",
  sexual: "sex",
  "sexual content": "sex",
  "adult content": "sex",
  crime: "violence",
  violent: "violence",
  gore: "violence",
  health: "medical",
  medicine: "medical",
  investing: "finance",
  cybersecurity: "hacking",
};

/**
 * The vocabulary of one configured topic: the lexicon's entry (by name or alias), else the
 * topic's own words as core terms (`"cryptocurrency trading"` → `cryptocurrency`, `trading`).
 */
export function vocabularyOfTopic(topic: string): TopicVocabulary {
  const key = topic.trim().toLowerCase();
  const known = topicVocabularies[topicAliases[key] ?? key];
  if (known !== undefined) return known;
  return { core: key.split(/[^\p{L}\p{N}-]+/u).filter((word) => word.length > 2), related: [] };
}
