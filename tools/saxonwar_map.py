#!/usr/bin/env python3
"""Generates scenarios/maps/saxonwar.ron (areas, links, leaders) for Great Saxon War 1756.
Everything here is RECONSTRUCTED (docs/games/saxonwar.md explains the choices)."""
import math

# id, name, country, lon, lat, fortress (name, or None)
AREAS = [
    ("berlin", "Berlin", "Prussia", 13.40, 52.52, None),
    ("kustrin", "Küstrin", "Prussia", 14.63, 52.58, "Küstrin"),
    ("magdeburg", "Magdeburg", "Prussia", 11.63, 52.13, "Magdeburg"),
    ("stettin", "Stettin", "Prussia", 14.55, 53.43, "Stettin"),
    ("kolberg", "Kolberg", "Prussia", 15.58, 54.18, "Kolberg"),
    ("konigsberg", "Königsberg", "Prussia", 20.51, 54.71, "Königsberg"),
    ("memel", "Memel", "Prussia", 21.13, 55.71, "Memel"),
    ("glogau", "Glogau", "Prussia", 16.08, 51.66, "Glogau"),
    ("breslau", "Breslau", "Prussia", 17.03, 51.11, "Breslau"),
    ("schweidnitz", "Schweidnitz", "Prussia", 16.49, 50.84, "Schweidnitz"),
    ("glatz", "Glatz", "Prussia", 16.65, 50.44, "Glatz"),
    ("neisse", "Neisse", "Prussia", 17.33, 50.47, "Neisse"),
    ("kosel", "Kosel", "Prussia", 18.15, 50.33, "Kosel"),
    ("dresden", "Dresden", "Saxony", 13.74, 51.05, "Dresden"),
    ("pirna", "Pirna", "Saxony", 13.94, 50.96, "Königstein"),
    ("leipzig", "Leipzig", "Saxony", 12.37, 51.34, None),
    ("torgau", "Torgau", "Saxony", 13.00, 51.56, "Torgau"),
    ("wittenberg", "Wittenberg", "Saxony", 12.65, 51.87, "Wittenberg"),
    ("chemnitz", "Chemnitz", "Saxony", 12.92, 50.83, None),
    ("bautzen", "Bautzen", "Saxony", 14.42, 51.18, None),
    ("zittau", "Zittau", "Saxony", 14.81, 50.90, None),
    ("lubben", "Lübben", "Saxony", 13.90, 51.94, None),
    ("leitmeritz", "Leitmeritz", "Austria", 14.13, 50.53, None),
    ("prague", "Prague", "Austria", 14.42, 50.08, "Prague"),
    ("jungbunzlau", "Jungbunzlau", "Austria", 14.90, 50.41, None),
    ("koniggratz", "Königgrätz", "Austria", 15.83, 50.21, None),
    ("trautenau", "Trautenau", "Austria", 15.91, 50.56, None),
    ("kolin", "Kolin", "Austria", 15.20, 50.03, None),
    ("pilsen", "Pilsen", "Austria", 13.38, 49.75, None),
    ("eger", "Eger", "Austria", 12.37, 50.08, "Eger"),
    ("budweis", "Budweis", "Austria", 14.47, 48.97, None),
    ("iglau", "Iglau", "Austria", 15.59, 49.40, None),
    ("olmutz", "Olmütz", "Austria", 17.25, 49.59, "Olmütz"),
    ("brunn", "Brünn", "Austria", 16.61, 49.19, "Brünn"),
    ("troppau", "Troppau", "Austria", 17.90, 49.94, None),
    ("vienna", "Vienna", "Austria", 16.37, 48.21, None),
    ("stralsund", "Stralsund", "Sweden", 13.09, 54.31, "Stralsund"),
    ("posen", "Posen", "Poland", 16.93, 52.41, None),
    ("hanover", "Hanover", "Hanover", 9.73, 52.37, "Hameln"),
    ("stade", "Stade", "Hanover", 9.48, 53.60, "Stade"),
    ("minden", "Minden", "Hanover", 8.92, 52.29, "Minden"),
    ("munster", "Münster", "Hanover", 7.63, 51.96, "Münster"),
    ("kassel", "Kassel", "Hanover", 9.50, 51.31, "Kassel"),
    ("wesel", "Wesel", "France", 6.62, 51.66, "Wesel"),
    ("venlo", "Venlo", "France", 6.17, 51.37, "Venlo"),
    ("roermond", "Roermond", "France", 5.99, 51.19, "Roermond"),
    ("erfurt", "Erfurt", "Empire", 11.03, 50.98, "Erfurt"),
    ("bamberg", "Bamberg", "Empire", 10.89, 49.89, None),
    ("frankfurt", "Frankfurt", "Empire", 8.68, 50.11, None),
    ("russia", "Russia", "Russia", 22.60, 53.60, None),
]

P = True
LINKS = [
    ("berlin", "kustrin"), ("berlin", "magdeburg"), ("berlin", "wittenberg"),
    ("berlin", "lubben"), ("berlin", "stettin"), ("berlin", "stralsund"),
    ("kustrin", "stettin"), ("kustrin", "posen"), ("kustrin", "lubben"), ("kustrin", "glogau"),
    ("stettin", "kolberg"), ("stettin", "stralsund"), ("kolberg", "posen"),
    ("konigsberg", "memel"), ("konigsberg", "russia"), ("memel", "russia"),
    ("konigsberg", "posen"), ("posen", "russia"), ("posen", "glogau"), ("posen", "breslau"),
    ("glogau", "breslau"), ("glogau", "lubben"), ("glogau", "bautzen"),
    ("breslau", "schweidnitz"), ("breslau", "neisse"), ("breslau", "kosel"),
    ("schweidnitz", "glatz"), ("schweidnitz", "bautzen"), ("schweidnitz", "trautenau", P),
    ("glatz", "koniggratz", P), ("glatz", "neisse"), ("glatz", "olmutz", P),
    ("neisse", "kosel"), ("neisse", "troppau"), ("kosel", "troppau"), ("troppau", "olmutz"),
    ("dresden", "pirna"), ("dresden", "leipzig"), ("dresden", "torgau"), ("dresden", "bautzen"),
    ("dresden", "chemnitz"), ("pirna", "leitmeritz", P), ("pirna", "bautzen"),
    ("chemnitz", "leipzig"), ("chemnitz", "eger", P), ("chemnitz", "leitmeritz", P),
    ("leipzig", "torgau"), ("leipzig", "magdeburg"), ("leipzig", "erfurt"),
    ("torgau", "wittenberg"), ("torgau", "lubben"), ("wittenberg", "magdeburg"),
    ("bautzen", "zittau"), ("bautzen", "lubben"), ("zittau", "jungbunzlau", P),
    ("leitmeritz", "prague"), ("leitmeritz", "jungbunzlau"), ("leitmeritz", "pilsen"),
    ("prague", "jungbunzlau"), ("prague", "kolin"), ("prague", "pilsen"), ("prague", "budweis"),
    ("jungbunzlau", "koniggratz"), ("trautenau", "koniggratz"), ("trautenau", "jungbunzlau"),
    ("koniggratz", "kolin"), ("koniggratz", "olmutz", P), ("kolin", "iglau"),
    ("pilsen", "eger"), ("pilsen", "budweis"), ("budweis", "vienna"), ("budweis", "iglau"),
    ("iglau", "brunn"), ("brunn", "olmutz"), ("brunn", "vienna"), ("olmutz", "vienna"),
    ("eger", "bamberg", P), ("erfurt", "bamberg", P), ("erfurt", "kassel"),
    ("bamberg", "frankfurt"), ("frankfurt", "kassel"), ("frankfurt", "wesel"),
    ("hanover", "minden"), ("hanover", "stade"), ("hanover", "kassel"), ("hanover", "magdeburg"),
    ("minden", "munster"), ("minden", "kassel"), ("munster", "wesel"),
    ("wesel", "venlo"), ("venlo", "roermond"),
]

POWERS = ["Prussia", "Hanover", "Austria", "Saxony", "France", "Russia", "Sweden", "Empire"]

# power, id, name, rank, SIV, AIV, DIV, first year available
LEADERS = [
    ("Prussia", "frederick", "Frederick II", 1, 4, 5, 4, 1756),
    ("Prussia", "schwerin", "Schwerin", 2, 3, 4, 3, 1756),
    ("Prussia", "keith", "Keith", 3, 2, 3, 4, 1756),
    ("Prussia", "henry", "Prince Henry", 4, 3, 3, 5, 1756),
    ("Prussia", "lehwaldt", "Lehwaldt", 5, 1, 2, 2, 1756),
    ("Prussia", "bevern", "Bevern", 6, 1, 2, 3, 1756),
    ("Prussia", "winterfeldt", "Winterfeldt", 7, 2, 3, 2, 1756),
    ("Prussia", "zieten", "Zieten", 8, 2, 4, 3, 1756),
    ("Prussia", "seydlitz", "Seydlitz", 9, 2, 5, 3, 1757),
    ("Prussia", "fouque", "Fouqué", 10, 1, 2, 3, 1757),
    ("Prussia", "dohna", "Dohna", 11, 1, 2, 2, 1758),
    ("Prussia", "finck", "Finck", 12, 1, 3, 2, 1759),
    ("Prussia", "wedel", "Wedel", 13, 1, 2, 1, 1759),
    ("Prussia", "hulsen", "Hülsen", 14, 1, 3, 3, 1759),
    ("Prussia", "eugen", "Eugen of Württemberg", 15, 2, 3, 2, 1760),
    ("Hanover", "cumberland", "Cumberland", 1, 1, 2, 2, 1757),
    ("Hanover", "ferdinand", "Ferdinand of Brunswick", 2, 3, 4, 4, 1757),
    ("Hanover", "sporcken", "Spörcken", 3, 1, 2, 2, 1757),
    ("Hanover", "hereditary", "Hereditary Prince of Brunswick", 4, 2, 4, 3, 1758),
    ("Hanover", "granby", "Granby", 5, 1, 3, 2, 1759),
    ("Hanover", "wangenheim", "Wangenheim", 6, 1, 2, 3, 1759),
    ("Austria", "charles", "Charles of Lorraine", 1, 1, 2, 3, 1757),
    ("Austria", "browne", "Browne", 2, 2, 3, 4, 1756),
    ("Austria", "daun", "Daun", 3, 1, 2, 5, 1757),
    ("Austria", "piccolomini", "Piccolomini", 4, 1, 2, 3, 1756),
    ("Austria", "nadasdy", "Nádasdy", 5, 2, 3, 2, 1757),
    ("Austria", "serbelloni", "Serbelloni", 6, 0, 1, 2, 1757),
    ("Austria", "hadik", "Hadik", 7, 3, 4, 2, 1756),
    ("Austria", "arenberg", "Arenberg", 8, 1, 2, 2, 1757),
    ("Austria", "lacy", "Lacy", 9, 2, 3, 4, 1756),
    ("Austria", "laudon", "Laudon", 10, 3, 5, 3, 1757),
    ("Austria", "beck", "Beck", 11, 2, 3, 2, 1758),
    ("Austria", "odonnell", "O'Donnell", 12, 1, 3, 3, 1758),
    ("Saxony", "rutowsky", "Rutowsky", 1, 0, 1, 3, 1756),
    ("Saxony", "chevalier", "Chevalier de Saxe", 2, 1, 2, 2, 1756),
    ("Saxony", "xavier", "Prince Xavier", 3, 1, 2, 2, 1758),
    ("France", "destrees", "d'Estrées", 1, 1, 3, 3, 1757),
    ("France", "richelieu", "Richelieu", 2, 1, 2, 2, 1757),
    ("France", "soubise", "Soubise", 3, 0, 1, 2, 1757),
    ("France", "clermont", "Clermont", 4, 0, 1, 1, 1758),
    ("France", "contades", "Contades", 5, 1, 2, 3, 1758),
    ("France", "broglie", "Broglie", 6, 2, 4, 4, 1757),
    ("France", "chevert", "Chevert", 7, 2, 3, 3, 1757),
    ("France", "stgermain", "Saint-Germain", 8, 1, 3, 3, 1757),
    ("Russia", "apraxin", "Apraxin", 1, 0, 2, 3, 1757),
    ("Russia", "fermor", "Fermor", 2, 1, 2, 3, 1757),
    ("Russia", "soltikov", "Soltikov", 3, 1, 3, 4, 1759),
    ("Russia", "buturlin", "Buturlin", 4, 0, 1, 2, 1761),
    ("Russia", "rumyantsev", "Rumyantsev", 5, 2, 4, 3, 1757),
    ("Russia", "chernyshev", "Chernyshev", 6, 1, 3, 2, 1760),
    ("Russia", "tottleben", "Tottleben", 7, 2, 3, 1, 1760),
    ("Sweden", "ungern", "Ungern-Sternberg", 1, 0, 1, 2, 1757),
    ("Sweden", "rosen", "Rosen", 2, 0, 1, 1, 1758),
    ("Sweden", "hamilton", "Hamilton", 3, 0, 1, 2, 1758),
    ("Sweden", "lantingshausen", "Lantingshausen", 4, 1, 2, 2, 1759),
    ("Sweden", "ehrensvard", "Ehrensvärd", 5, 1, 2, 2, 1761),
    ("Empire", "hildburghausen", "Hildburghausen", 1, 0, 1, 1, 1757),
    ("Empire", "zweibrucken", "Zweibrücken", 2, 1, 2, 2, 1758),
    ("Empire", "stolberg", "Stolberg", 3, 1, 2, 2, 1760),
]

def xy(lon, lat):
    return round((lon - 5.5) * 55.0, 1), round((56.0 - lat) * 90.0, 1)

def main():
    ids = [a[0] for a in AREAS]
    out = []
    w = out.append
    w("// Great Saxon War 1756 (MWAN #106): the area map and the leader table.")
    w("//")
    w("// RECONSTRUCTED, ALL OF IT: the article's map and its \"Leader Ratings\" table were lost")
    w("// in transcription. Areas (districts named after their main town), their countries in")
    w("// 1756, the fortresses of 1756-1762 with their starting owners, the links between")
    w("// neighbouring districts and which of them are mountain passes, and every leader's")
    w("// rank, SIV, AIV, DIV and first year are ours (docs/games/saxonwar.md gives the")
    w("// reasoning and sources). GENERATED by tools/saxonwar_map.py (edit the script).")
    w("//")
    w("// x, y: drawing position (x = (lon - 5.5) * 55, y = (56 - lat) * 90). lon: used for")
    w("// the rule that Anglo-Allied forces may not go east of Magdeburg (allies.cooperation).")
    w("// The Russia box (russia.box) is the area `russia`.")
    w("(")
    w("    name: \"Central Europe, 1756\",")
    w("    areas: [")
    for (i, n, c, lon, lat, f) in AREAS:
        x, y = xy(lon, lat)
        fort = f"Some((name: \"{f}\"))" if f else "None"
        w(f"        (id: \"{i}\", name: \"{n}\", country: {c}, x: {x}, y: {y}, lon: {lon}, fortress: {fort}),")
    w("    ],")
    w("    // (a, b, pass): pass = a mountain pass (campaign.terrain)")
    w("    links: [")
    for l in LINKS:
        a, b = l[0], l[1]
        assert a in ids and b in ids, l
        p = len(l) > 2
        w(f"        (a: \"{a}\", b: \"{b}\", pass: {'true' if p else 'false'}),")
    w("    ],")
    w("    // rank: lowest commands (leaders.ratings); year: first campaign year available")
    w("    leaders: [")
    for (p, i, n, r, s, a, d, y) in LEADERS:
        w(f"        (id: \"{i}\", name: \"{n}\", power: {p}, rank: {r}, siv: {s}, aiv: {a}, div: {d}, year: {y}),")
    w("        // grand.redeploy: a power that has lost all its leaders and has none left to")
    w("        // draw gets \"1 leader with all 0 values\": one unnamed general per power, never")
    w("        // drawn at random (RECONSTRUCTED: the article gives no name or rank; rank 99, last)")
    for p in POWERS:
        w(f"        (id: \"unnamed_{p.lower()}\", name: \"Unnamed {p} general\", power: {p}, rank: 99, siv: 0, aiv: 0, div: 0, year: 1756, unnamed: true),")
    w("    ],")
    w(")")
    print("\n".join(out))

main()
