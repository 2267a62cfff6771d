/** Split a whitespace-separated word table into a list. */
function splitWords(table: string): readonly string[] {
  return table.split(/\s+/).filter((word) => word !== "");
}

/**
 * Name data the PERSON recognizer adds to compromise's English lexicon: given names and
 * surnames from outside the English-speaking world, honorifics, particles and context cues.
 * Written for this project (lower case, ASCII folded where usual).
 */

export const extraGivenNames: readonly string[] = splitWords(`
  jürgen jurgen klaus dieter uwe horst wolfgang helmut günter gunter stefan tobias lukas
  jonas felix maximilian leon finn niklas moritz anja ute birgit heike katrin petra sabine
  silke jana lena lea mia hannah johanna greta frieda lotte sanne femke anouk fleur bram
  joris sem daan ruud pieter wouter sven lars anders nils bjorn björn ingrid astrid sigrid
  freya elin maja tove liv kari jens mads rasmus magnus henrik olav eino aino mikko jukka
  sanna jean pierre jacques françois francois étienne etienne mathieu thierry amélie amelie
  élodie elodie margaux chloé chloe léa manon camille giuseppe giovanni luca matteo lorenzo
  alessandro francesco giulia chiara francesca alessia federica martina sofia valentina
  paolo josé jose javier alejandro sergio pablo álvaro alvaro jorge raúl raul lucía lucia
  carmen pilar rocío rocio nuria itziar ainhoa joão joao tiago rui gonçalo goncalo inês ines
  beatriz mariana ivan dmitri dmitry sergei sergey vladimir nikolai alexei oleg igor
  anastasia olga natalia svetlana tatiana irina ekaterina yulia oksana piotr krzysztof
  tomasz agnieszka katarzyna małgorzata malgorzata zofia jiří jiri petr tereza marek milan
  zoran dragan milica jelena andris janis rūta ruta giorgos dimitris eleni katerina nikos
  mehmet mustafa ahmet emre elif zeynep ayşe ayse fatma burak mohammed muhammad mohamed
  ahmed omar youssef yusuf hassan hussein khalid tariq karim fatima aisha layla leila noor
  nour mariam reza ali mehdi dariush shirin parisa yosef moshe avi noa yael tamar shira
  eitan ori rahul arjun vikram sanjay rajesh amit anil sunil deepak ravi priya ananya
  deepika kavya lakshmi pooja sunita aarav vivaan ishaan wei jun hao lei ming xiaoming li
  mei ying jing xin yan hiroshi takeshi kenji haruto yuki sakura aiko yuto satoshi akira
  minjun seojun jiwoo seoyeon jisoo hyun nguyen minh linh thanh chinedu oluwaseun ngozi
  chiamaka kwame kofi abena amara thabo sipho zanele wanjiru kamau tendai folake emeka
  adaeze yaw
`);

/** Surnames (lower case) beyond compromise's list. */
export const extraSurnames: readonly string[] = splitWords(`
  müller muller mueller schmidt schneider fischer weber meyer wagner becker schulz hoffmann
  koch richter klein wolf schröder schroeder neumann schwarz zimmermann krüger kruger
  hartmann lange werner krause jansen bakker visser smit meijer mulder dekker bos vos
  hendriks dijkstra janssen peeters maes claes dubois durand lefebvre moreau laurent simon
  michel leroy roux fournier girard bonnet dupont lambert fontaine rousseau blanc guerin
  rossi russo ferrari esposito bianchi romano colombo ricci marino greco bruno gallo conti
  costa giordano mancini rizzo lombardi fernández fernandez gonzález gonzalez rodríguez
  rodriguez lópez lopez martínez martinez sánchez sanchez pérez perez gómez gomez díaz diaz
  hernández hernandez álvarez alvarez jiménez jimenez ruiz moreno muñoz silva santos
  oliveira souza pereira ferreira almeida carvalho ribeiro ivanov petrov smirnov kuznetsov
  popov sokolov volkov novak kowalski nowak wiśniewski wisniewski wójcik wojcik kowalczyk
  horvat kovač kovac papadopoulos yilmaz yılmaz kaya demir şahin sahin çelik celik cohen
  levi mizrahi friedman katz goldberg shapiro rosenberg khan ahmed hussain rahman chowdhury
  haddad nasser hosseini tehrani sharma patel singh kumar gupta reddy iyer nair menon das
  bose mehta joshi agarwal chatterjee banerjee mukherjee rao pillai wang zhang liu chen yang
  huang zhao zhou wu xu sun zhu ma hu guo lin he gao luo tanaka suzuki takahashi watanabe
  ito yamamoto nakamura kobayashi kato sato kim lee park choi jung kang cho yoon tran le
  pham hoang phan vu dang bui do okafor okonkwo adeyemi mensah owusu nkosi dlamini mwangi
  otieno
`);

/** Titles that precede a person's name; the title itself is not redacted. */
export const honorifics: readonly string[] = splitWords(`
  mr mrs ms miss mx dr prof professor sir dame madam madame mme mlle herr frau señor senor
  señora senora sr sra signor signora rev reverend fr capt captain col gen lt sgt officer
  judge justice president senator rep gov mayor lord lady
`);

/** Lower-case particles allowed inside a multi-word name (van der Berg, da Silva, bin Laden). */
export const nameParticles: readonly string[] = splitWords(`
  van von der den de del della di da dos das du la le ter ten bin ibn al el ben mac st. y
`);

/** Words right after a capitalised run that make it a street, not a person (Thomas Avenue). */
export const streetSuffixes: readonly string[] = splitWords(`
  street st avenue ave road rd lane ln drive dr boulevard blvd way place pl square sq court ct
  terrace crescent close parkway highway hwy alley row plaza gardens park hill straat strasse
  straße weg gasse laan plein vej vei gatan allee
`);

/** Words that open a street or place name (Rua Joaquim de Oliveira, San Luis, Via Carlo Cattaneo). */
export const placePrefixes: readonly string[] = splitWords(`
  rua rue via calle avenida avenue av avda vila villa piazza strada largo travessa praça praca
  plaza paseo camino carrer carretera chemin boulevard allee san santa santo são sao saint st
  ste los las fort port mount mt lake isla isle cape cabo costa puerto porto new north south
  east west upper lower old
`);

/** Words after a capitalised run that make it an organisation (Drake PLC, Solar Census Inc). */
export const organizationSuffixes: readonly string[] = splitWords(`
  ltd ltd. limited inc inc. llc llp plc gmbh ag sa sarl bv nv corp corporation company co group
  holdings partners associates services technologies technology solutions systems labs bank
  university college institute foundation hospital clinic school office club hotel airport
  consulting capital ventures software team department dept committee council board hall
  elementary academy church center centre museum library station stadium theatre theater
  gallery market mall
`);

/**
 * Words that are never a name on their own: months, weekdays, banking words, form labels
 * ("Client IP", "Account ID") and words people call each other ("buddy", "mate").
 */
export const nonNameWords: readonly string[] = splitWords(`
  iban swift bic ssn pin cvv python gemini ip ips id ids url dob vat tin ein nin nhs
  buddy mate pal dude bro sis babe baby honey sweetie darling folks guys
  january february march april may june july august september october november december
  monday tuesday wednesday thursday friday saturday sunday
`);
