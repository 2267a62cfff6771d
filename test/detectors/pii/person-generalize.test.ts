import { beforeAll, describe, expect, it } from "vitest";
import {
  findPii,
  loadPiiResources,
  type PiiResources,
} from "../../../src/detectors/pii/find-pii.js";

let resources: PiiResources;
beforeAll(async () => {
  resources = await loadPiiResources();
});

const persons = (text: string) =>
  findPii(text, ["PERSON"], resources, 0.5).map((match) => match.text);

describe("PERSON across languages and contexts", () => {
  it("treats greetings and sign-offs as cues, never as names", () => {
    expect(
      persons("Bonjour Marie,\nMerci pour votre message.\nCordialement,\nJean Dupont"),
    ).toEqual(["Marie", "Jean Dupont"]);
    expect(persons("Beste Sanne,\n\nMet vriendelijke groet,\nPieter de Vries")).toEqual([
      "Sanne",
      "Pieter de Vries",
    ]);
    expect(persons("Hallo Klaus,\nbis morgen.\nMit freundlichen Grüßen\nAnja Becker")).toEqual([
      "Klaus",
      "Anja Becker",
    ]);
    expect(persons("Hola Lucía, gracias.\nSaludos cordiales,\nCarlos Méndez")).toEqual([
      "Lucía",
      "Carlos Méndez",
    ]);
    expect(persons("Buongiorno Marco,\nDistinti saluti,\nGiulia Bianchi")).toEqual([
      "Marco",
      "Giulia Bianchi",
    ]);
    expect(persons("Olá Inês,\nAtenciosamente,\nJoão Silva")).toEqual(["Inês", "João Silva"]);
    for (const text of [
      "Cordialement,\nL'équipe support",
      "Met vriendelijke groet,\nHet team",
      "Bonjour,\nMerci pour votre commande.",
      "Mit freundlichen Grüßen\nIhr Kundenservice",
      "Atenciosamente,\nEquipe de Vendas",
    ]) {
      expect(persons(text), text).toEqual([]);
    }
  });

  it("does not take form labels for names", () => {
    expect(persons("Client IP: 10.1.2.3\nAccount Name: Ravi Kumar\nAccount ID: 5521")).toEqual([
      "Ravi Kumar",
    ]);
  });

  it("cuts organisations and places off a name", () => {
    expect(persons("Please contact John Smith Acme Corp about the renewal.")).toEqual([
      "John Smith",
    ]);
    expect(persons("Forward it to Maria Rossi Milan office today.")).toEqual(["Maria Rossi"]);
    expect(persons("Our account manager is Maria Rossi Milan.")).toEqual(["Maria Rossi"]);
    expect(persons("We signed with Acme Holdings GmbH and Drake PLC.")).toEqual([]);
  });

  it("finds single names, lower-case names and non-ASCII names in context", () => {
    expect(persons("Got it, see you then.\nThanks, Priya")).toEqual(["Priya"]);
    expect(persons("Yesterday I told my friend john smith about the trip.")).toEqual([
      "john smith",
    ]);
    expect(persons("Elínborg Guðmundsdóttir signed the lease.")).toEqual([
      "Elínborg Guðmundsdóttir",
    ]);
    expect(persons("Łukasz Żółkiewski called twice.")).toEqual(["Łukasz Żółkiewski"]);
    expect(persons("José Álvarez wrote back.")).toEqual(["José Álvarez"]);
    expect(persons("Иван Петров позвонил вчера.")).toEqual(["Иван Петров"]);
    expect(persons("我叫王伟。请联系张小明先生。")).toEqual(["王伟", "张小明"]);
    expect(persons("田中さんに連絡してください")).toEqual(["田中"]);
    expect(persons("Before leaving I gave Ömür my spare keys.")).toEqual(["Ömür"]);
  });

  it("leaves ordinary words, places and capitalised nouns alone", () => {
    for (const text of [
      "hey buddy, describe this image for me",
      "my friend said the meeting moved",
      "Российская Федерация приняла закон.",
      "Über München fahren wir nach Wien.",
      "今天天气很好，王府井很热闹",
      "Weekly Status Report — Quarterly Business Review",
    ]) {
      expect(persons(text), text).toEqual([]);
    }
  });

  it("keeps a famous name in a question as PERSON (the gateway decides what to do with it)", () => {
    expect(persons("What year did Abraham Lincoln die?")).toEqual(["Abraham Lincoln"]);
  });

  it("is not slipped past by typing the name in lower case or behind a foreign greeting", () => {
    expect(persons("ok so my colleague priya sharma has the keys")).toEqual(["priya sharma"]);
    expect(persons("Liebe Grüße an Anja Becker")).toEqual(["Anja Becker"]);
    expect(persons("Cher Jean-Pierre, voici le dossier.")).toEqual(["Jean-Pierre"]);
  });
});

describe("PERSON cues for a single word no list calls a given name", () => {
  it("finds a surname inside a sentence, a speaker before a quote, a life event, a contact detail", () => {
    expect(persons("Nothing beats the early records of Andersson and his band.")).toEqual([
      "Andersson",
    ]);
    expect(persons('Vedzizhev: "Who sent this parcel?"')).toEqual(["Vedzizhev"]);
    expect(persons("Jouko spent a year at the museum as a guide.")).toEqual(["Jouko"]);
    expect(persons("As promised, here's Tihomila's address: 12 Lake Road.")).toEqual(["Tihomila"]);
  });

  it("leaves surnames that are products, firms, ships and places in an address alone", () => {
    for (const text of [
      "We migrated from Jenkins to GitHub Actions last spring.",
      "The embedded queue replaces the optional Kafka dependency; existing Kafka users keep it.",
      '{"owner": "platform team", "severity": "sev2"}',
      "The following year she worked at Nielsen in Oslo.",
      "Please forward it to USNS Frías\nFPO AA 88037.",
      "Ship the parts to 12 Rua Nova, Cape Verde 12844.",
      "Our office moved to Quinta do Paço, Portugal.",
    ])
      expect(persons(text), text).toEqual([]);
  });
});
