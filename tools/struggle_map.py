#!/usr/bin/env python3
"""Generates scenarios/maps/struggle.ron, the RECONSTRUCTED strategic map of
"1866: The Struggle for Supremacy in Germany" (central Europe, 1866).

The rulebook prints no map; it names spaces in its two set-ups and its example of play
and states a few movement costs there. Everything else here (which towns are spaces,
their kinds, fortress values, provinces, routes, river and mountain crossings, supply
sources, ports) is our reconstruction from the 1866 political map and railway network.
docs/games/struggle-map.md explains every choice; comments below mark judgement calls.

    python3 tools/struggle_map.py            # writes scenarios/maps/struggle.ron
    python3 tools/struggle_map.py --report   # prints the checks and tight spots only

Drawing position: an equirectangular projection about 49 N (x = (lon - 1.5) * cos 49 * S,
y = (55.0 - lat) * S, S = 72 map units per degree), then a few small nudges where real
towns lie too close to draw apart (listed in NUDGE). Pure Python 3, no dependencies.
"""
import math
import sys
from collections import defaultdict, deque

S = 72.0
LON_W, LAT_N, LAT_C = 1.5, 55.0, 49.0
COS = math.cos(math.radians(LAT_C))

# ----------------------------------------------------------------------------- provinces
# (name, VP for control, country). RECONSTRUCTED: every province is worth 1 VP; the
# example of play shows Holstein and Hanover each moving the VP marker by one.
PROVINCES = [
    # Kingdom of Prussia
    ("East and West Prussia", 1, "Prussia"),
    ("Pomerania", 1, "Prussia"),
    ("Posen", 1, "Prussia"),
    ("Brandenburg", 1, "Prussia"),
    ("Silesia", 1, "Prussia"),
    ("Prussian Saxony", 1, "Prussia"),
    ("Westphalia", 1, "Prussia"),
    ("Rhine Province", 1, "Prussia"),
    # the Elbe duchies (Schleswig administered by Prussia, Holstein by Austria, Gastein 1865)
    ("Schleswig", 1, "German"),
    ("Holstein", 1, "German"),
    # the German states allied to Austria
    ("Hanover", 1, "German"),
    ("Saxony", 1, "German"),
    ("Thuringian States", 1, "German"),
    ("Hesse-Cassel", 1, "German"),
    ("Nassau", 1, "German"),
    ("Hesse-Darmstadt", 1, "German"),
    ("Baden", 1, "German"),
    ("Württemberg", 1, "German"),
    ("Bavaria", 1, "German"),
    ("Palatinate", 1, "German"),
    # the Austrian Empire
    ("Upper and Lower Austria", 1, "Austria"),
    ("Bohemia", 1, "Austria"),
    ("Moravia", 1, "Austria"),
    ("Austrian Silesia", 1, "Austria"),
    ("Galicia", 1, "Austria"),
    ("Hungary", 1, "Austria"),
    ("Inner Austria", 1, "Austria"),
    ("Littoral", 1, "Austria"),
    ("Tyrol", 1, "Austria"),
    ("Venetia", 1, "Austria"),
]
# The Kingdom of Italy and the French Empire are countries, not provinces (glossary,
# 14.5): their spaces have no province.

# ----------------------------------------------------------------------------- spaces
# (name, lat, lon, kind, province or None, owner, flags, aliases)
# kind: m minor, M major, F1-F3 fortress, J junction, X off-board.
# owner: original tint (14.1): P Prussia, A Austria, G German (Austria's allies),
#        I Italy, F France.
# flags: v red-outlined VP space, i independent minor city (no province, 14.2),
#        p port (15.1), s supply source of the owner (15.1), t mountain terrain.
P, A, G, I, F = "Prussia", "Austria", "German", "Italy", "France"
SPACES = [
    # --- East and West Prussia, Pomerania, Posen
    ("Königsberg", 54.71, 20.51, "F2", "East and West Prussia", P, "ps", []),
    ("Danzig", 54.35, 18.65, "F2", "East and West Prussia", P, "p", []),
    ("Thorn", 53.01, 18.60, "F1", "East and West Prussia", P, "", []),
    ("Bromberg", 53.12, 18.00, "m", "Posen", P, "", []),
    ("Posen", 52.41, 16.93, "F2", "Posen", P, "", []),
    ("Köslin", 54.19, 16.17, "m", "Pomerania", P, "", []),
    ("Stettin", 53.43, 14.55, "F1", "Pomerania", P, "p", []),
    # --- Brandenburg, Prussian Saxony
    ("Berlin", 52.52, 13.40, "M", "Brandenburg", P, "vs", []),
    ("Küstrin", 52.58, 14.63, "F1", "Brandenburg", P, "", ["Custrin"]),
    ("Cottbus", 51.76, 14.33, "m", "Brandenburg", P, "", []),
    ("Magdeburg", 52.13, 11.63, "F3", "Prussian Saxony", P, "", []),
    ("Halle", 51.48, 11.97, "m", "Prussian Saxony", P, "", []),
    ("Torgau", 51.56, 13.00, "F1", "Prussian Saxony", P, "", []),
    ("Erfurt", 50.98, 11.03, "F1", "Prussian Saxony", P, "", []),
    # --- Silesia (Prussian)
    ("Breslau", 51.11, 17.03, "M", "Silesia", P, "s", []),
    ("Liegnitz", 51.21, 16.16, "m", "Silesia", P, "", []),
    ("Glogau", 51.66, 16.08, "F1", "Silesia", P, "", []),
    ("Görlitz", 51.15, 14.99, "m", "Silesia", P, "", []),
    ("Hirschberg", 50.90, 15.73, "m", "Silesia", P, "t", []),
    ("Schweidnitz", 50.84, 16.49, "F1", "Silesia", P, "", []),
    ("Glatz", 50.44, 16.65, "F1", "Silesia", P, "t", []),
    ("Brieg", 50.86, 17.47, "m", "Silesia", P, "", []),
    ("Neisse", 50.47, 17.33, "F2", "Silesia", P, "", []),
    ("Oppeln", 50.67, 17.93, "m", "Silesia", P, "", []),
    ("Kosel", 50.33, 18.15, "F1", "Silesia", P, "", ["Cosel"]),
    ("Ratibor", 50.09, 18.22, "m", "Silesia", P, "", []),
    # --- Westphalia, Rhine Province
    ("Münster", 51.96, 7.63, "m", "Westphalia", P, "", []),
    ("Dortmund", 51.51, 7.47, "m", "Westphalia", P, "", []),
    ("Minden", 52.29, 8.92, "F1", "Westphalia", P, "", []),
    ("Paderborn", 51.72, 8.75, "m", "Westphalia", P, "", []),
    ("Cologne", 50.94, 6.96, "F2", "Rhine Province", P, "", ["Köln", "Koln"]),
    ("Koblenz", 50.36, 7.59, "F3", "Rhine Province", P, "", ["Coblenz"]),
    ("Trier", 49.75, 6.64, "m", "Rhine Province", P, "", []),
    ("Saarlouis", 49.31, 6.75, "F1", "Rhine Province", P, "", []),
    ("Wetzlar", 50.56, 8.50, "m", "Rhine Province", P, "", []),
    # --- Schleswig and Holstein
    ("Flensburg", 54.78, 9.44, "m", "Schleswig", P, "p", []),
    ("Schleswig", 54.52, 9.57, "m", "Schleswig", P, "", []),
    ("Rendsburg", 54.30, 9.66, "m", "Holstein", A, "", []),
    ("Kiel", 54.32, 10.13, "m", "Holstein", A, "p", []),
    ("Altona", 53.55, 9.93, "m", "Holstein", A, "p", []),
    # --- North German states allied to Prussia: independent minor cities (judgement:
    # the free cities and the small northern states are in no province; tinted Prussian)
    ("Hamburg", 53.55, 10.00, "m", None, P, "ip", []),
    ("Lübeck", 53.87, 10.69, "m", None, P, "ip", []),
    ("Schwerin", 53.63, 11.41, "m", None, P, "i", []),
    ("Bremen", 53.08, 8.80, "m", None, P, "ip", []),
    ("Oldenburg", 53.14, 8.21, "m", None, P, "i", []),
    ("Braunschweig", 52.27, 10.52, "m", None, P, "i", ["Brunswick"]),
    # the special railroad junction of 9.62 (near Kreiensen, where the lines met)
    ("Railroad Junction", 51.86, 9.83, "J", None, G, "", ["Junction", "Kreiensen"]),
    # --- Hanover (five spaces: the example of play counts Emden, Osnabrück and
    # Hildesheim as a majority, see docs)
    ("Emden", 53.37, 7.21, "m", "Hanover", G, "p", []),
    ("Osnabrück", 52.28, 8.05, "m", "Hanover", G, "", []),
    ("Hanover", 52.37, 9.73, "M", "Hanover", G, "v", ["Hannover"]),
    ("Hildesheim", 52.15, 9.95, "m", "Hanover", G, "", []),
    ("Göttingen", 51.53, 9.93, "m", "Hanover", G, "", []),
    # --- Saxony, Thuringia
    ("Dresden", 51.05, 13.74, "M", "Saxony", G, "vs", []),
    ("Leipzig", 51.34, 12.37, "M", "Saxony", G, "", []),
    ("Chemnitz", 50.83, 12.92, "m", "Saxony", G, "", []),
    ("Bautzen", 51.18, 14.42, "m", "Saxony", G, "", []),
    ("Eisenach", 50.98, 10.32, "m", "Thuringian States", G, "", []),
    ("Weimar", 50.98, 11.33, "m", "Thuringian States", G, "", []),
    ("Meiningen", 50.57, 10.42, "m", "Thuringian States", G, "t", []),
    # --- Hesse-Cassel, Nassau, Hesse-Darmstadt, Frankfurt
    ("Cassel", 51.31, 9.49, "m", "Hesse-Cassel", G, "", ["Kassel"]),
    ("Marburg", 50.80, 8.77, "m", "Hesse-Cassel", G, "", []),
    ("Fulda", 50.55, 9.68, "m", "Hesse-Cassel", G, "", []),
    ("Hanau", 50.13, 8.92, "m", "Hesse-Cassel", G, "", []),
    ("Wiesbaden", 50.08, 8.24, "m", "Nassau", G, "", []),
    ("Limburg", 50.39, 8.06, "m", "Nassau", G, "", []),
    ("Darmstadt", 49.87, 8.65, "m", "Hesse-Darmstadt", G, "", []),
    ("Mainz", 50.00, 8.27, "F3", "Hesse-Darmstadt", G, "", ["Mayence"]),
    ("Giessen", 50.58, 8.68, "m", "Hesse-Darmstadt", G, "", ["Gießen"]),
    # judgement: the Free City of Frankfurt belonged to no state: independent, but a major
    # city and the seat of the Federal Diet (red outline)
    ("Frankfurt", 50.11, 8.68, "M", None, G, "vi", ["Frankfurt am Main"]),
    # --- Baden, Württemberg, Bavaria, Palatinate
    ("Karlsruhe", 49.01, 8.40, "m", "Baden", G, "", ["Carlsruhe"]),
    ("Rastatt", 48.86, 8.20, "F2", "Baden", G, "", []),
    ("Mannheim", 49.49, 8.47, "m", "Baden", G, "", []),
    ("Freiburg", 47.99, 7.85, "m", "Baden", G, "", []),
    ("Stuttgart", 48.78, 9.18, "M", "Württemberg", G, "s", []),
    ("Ulm", 48.40, 9.99, "F3", "Württemberg", G, "", []),
    ("Heilbronn", 49.14, 9.22, "m", "Württemberg", G, "", []),
    ("Munich", 48.14, 11.58, "M", "Bavaria", G, "vs", ["München", "Munchen"]),
    ("Augsburg", 48.37, 10.90, "m", "Bavaria", G, "", []),
    ("Ingolstadt", 48.77, 11.43, "F2", "Bavaria", G, "", []),
    ("Regensburg", 49.01, 12.10, "m", "Bavaria", G, "", []),
    ("Passau", 48.57, 13.46, "m", "Bavaria", G, "", []),
    ("Nuremberg", 49.45, 11.08, "M", "Bavaria", G, "", ["Nürnberg", "Nurnberg"]),
    ("Bamberg", 49.89, 10.89, "m", "Bavaria", G, "", []),
    ("Hof", 50.31, 11.92, "m", "Bavaria", G, "", []),
    ("Schweinfurt", 50.05, 10.23, "m", "Bavaria", G, "", []),
    ("Würzburg", 49.79, 9.93, "F1", "Bavaria", G, "", []),
    ("Aschaffenburg", 49.97, 9.15, "m", "Bavaria", G, "", []),
    ("Landau", 49.20, 8.12, "F1", "Palatinate", G, "", []),
    ("Kaiserslautern", 49.44, 7.77, "m", "Palatinate", G, "", []),
    # --- Bohemia
    ("Prague", 50.09, 14.42, "M", "Bohemia", A, "vs", ["Prag", "Praha"]),
    ("Theresienstadt", 50.51, 14.15, "F2", "Bohemia", A, "", []),
    ("Reichenberg", 50.77, 15.06, "m", "Bohemia", A, "", []),
    ("Jičín", 50.44, 15.35, "m", "Bohemia", A, "", ["Jicin", "Gitschin"]),
    ("Trautenau", 50.56, 15.91, "m", "Bohemia", A, "t", []),
    ("Nachod", 50.42, 16.16, "m", "Bohemia", A, "", []),
    ("Josefstadt", 50.34, 15.93, "F2", "Bohemia", A, "", []),
    ("Königgrätz", 50.21, 15.83, "F1", "Bohemia", A, "", ["Sadowa"]),
    ("Zwittau", 49.76, 16.47, "m", "Bohemia", A, "", []),
    ("Pilsen", 49.75, 13.38, "m", "Bohemia", A, "", []),
    ("Budweis", 48.97, 14.47, "m", "Bohemia", A, "", []),
    ("Eger", 50.08, 12.37, "m", "Bohemia", A, "", []),
    # --- Moravia, Austrian Silesia, Galicia
    ("Brünn", 49.19, 16.61, "M", "Moravia", A, "", ["Brno"]),
    ("Olmütz", 49.59, 17.25, "F3", "Moravia", A, "", ["Olmutz"]),
    ("Prerau", 49.46, 17.45, "m", "Moravia", A, "", []),
    ("Lundenburg", 48.76, 16.88, "m", "Moravia", A, "", ["Lundenberg"]),
    ("Iglau", 49.40, 15.59, "m", "Moravia", A, "", []),
    ("Znaim", 48.86, 16.05, "m", "Moravia", A, "", []),
    ("Troppau", 49.94, 17.90, "m", "Austrian Silesia", A, "", []),
    ("Oderberg", 49.91, 18.32, "m", "Austrian Silesia", A, "", []),
    ("Würbenthal", 50.12, 17.38, "m", "Austrian Silesia", A, "t", ["Wurbenthal"]),
    ("Cracow", 50.06, 19.94, "F2", "Galicia", A, "", ["Krakau", "Kraków", "Krakow"]),
    ("Tarnow", 50.01, 20.99, "m", "Galicia", A, "", []),
    # --- Upper and Lower Austria, Hungary
    ("Vienna", 48.21, 16.37, "M", "Upper and Lower Austria", A, "vs", ["Wien"]),
    ("St. Pölten", 48.20, 15.62, "m", "Upper and Lower Austria", A, "", ["St. Polten"]),
    ("Linz", 48.31, 14.29, "m", "Upper and Lower Austria", A, "", []),
    ("Salzburg", 47.80, 13.04, "m", "Upper and Lower Austria", A, "t", []),
    ("Pressburg", 48.14, 17.11, "m", "Hungary", A, "", []),
    ("Raab", 47.69, 17.63, "m", "Hungary", A, "", ["Győr"]),
    ("Komorn", 47.76, 18.13, "F3", "Hungary", A, "", []),
    ("Budapest", 47.50, 19.04, "M", "Hungary", A, "vs", ["Pest", "Buda"]),
    ("Kaschau", 48.72, 21.26, "m", "Hungary", A, "", []),
    ("Grosswardein", 47.06, 21.93, "m", "Hungary", A, "", ["Großwardein"]),
    ("Szegedin", 46.25, 20.15, "m", "Hungary", A, "", []),
    # --- Inner Austria, Littoral, Tyrol
    ("Graz", 47.07, 15.44, "m", "Inner Austria", A, "", []),
    ("Klagenfurt", 46.62, 14.31, "m", "Inner Austria", A, "t", []),
    ("Laibach", 46.05, 14.51, "m", "Inner Austria", A, "", []),
    ("Trieste", 45.65, 13.78, "m", "Littoral", A, "p", ["Triest"]),
    ("Görz", 45.94, 13.62, "m", "Littoral", A, "", ["Gorizia"]),
    ("Innsbruck", 47.27, 11.39, "m", "Tyrol", A, "t", []),
    ("Bozen", 46.50, 11.35, "m", "Tyrol", A, "t", []),
    ("Trent", 46.07, 11.12, "F1", "Tyrol", A, "t", ["Trento", "Trient"]),
    # --- Venetia (judgement: the Quadrilateral is two spaces, see docs)
    ("Quadrilateral North", 45.44, 10.99, "F3", "Venetia", A, "", ["Verona", "Peschiera"]),
    ("Quadrilateral South", 45.16, 10.79, "F3", "Venetia", A, "", ["Mantua", "Mantova", "Legnago"]),
    ("Custoza", 45.38, 10.79, "m", "Venetia", A, "", ["Custozza"]),
    ("Vicenza", 45.55, 11.55, "m", "Venetia", A, "", []),
    ("Padua", 45.41, 11.88, "m", "Venetia", A, "", ["Padova"]),
    ("Rovigo", 45.07, 11.79, "m", "Venetia", A, "", []),
    ("Venice", 45.44, 12.33, "F3", "Venetia", A, "vps", ["Venezia", "Venedig"]),
    ("Treviso", 45.67, 12.24, "m", "Venetia", A, "", []),
    ("Belluno", 46.14, 12.22, "m", "Venetia", A, "t", []),
    ("Udine", 46.06, 13.24, "m", "Venetia", A, "", []),
    # --- Kingdom of Italy (no provinces, 14.5)
    ("Turin", 45.07, 7.69, "M", None, I, "vs", ["Torino"]),
    ("Novara", 45.45, 8.62, "m", None, I, "", []),
    ("Milan", 45.46, 9.19, "M", None, I, "vs", ["Milano"]),
    ("Bergamo", 45.70, 9.67, "m", None, I, "", []),
    ("Brescia", 45.54, 10.22, "m", None, I, "", []),
    ("Castiglione", 45.39, 10.49, "m", None, I, "", ["Castiglione delle Stiviere"]),
    ("Asola", 45.22, 10.41, "m", None, I, "", []),
    ("Pontevico", 45.27, 10.09, "m", None, I, "", ["Ponteviso"]),
    ("Cremona", 45.13, 10.02, "m", None, I, "", []),
    ("Alessandria", 44.91, 8.61, "F2", None, I, "", []),
    ("Genoa", 44.41, 8.93, "M", None, I, "p", ["Genova"]),
    ("Piacenza", 45.05, 9.69, "F2", None, I, "", []),
    ("Parma", 44.80, 10.33, "m", None, I, "", []),
    ("Modena", 44.65, 10.93, "m", None, I, "", []),
    ("Ferrara", 44.84, 11.62, "F2", None, I, "", []),
    ("Bologna", 44.49, 11.34, "M", None, I, "v", []),
    ("Rimini", 44.06, 12.57, "m", None, I, "", []),
    ("Ancona", 43.62, 13.51, "F1", None, I, "p", []),
    ("Florence", 43.77, 11.26, "M", None, I, "vs", ["Firenze"]),
    # --- French Empire (neutral until 16.1)
    ("Chalons", 48.96, 4.36, "m", None, F, "", ["Châlons", "Chalons-sur-Marne"]),
    ("Metz", 49.12, 6.18, "F3", None, F, "", []),
    ("Nancy", 48.69, 6.18, "m", None, F, "", []),
    ("Strasbourg", 48.58, 7.75, "F3", None, F, "", ["Strassburg", "Straßburg"]),
    ("Belfort", 47.64, 6.86, "F2", None, F, "", []),
    # the off-board French supply source of 15.4 (drawn at the west edge, toward Paris)
    ("French Supply Source", 48.86, 1.75, "X", None, F, "s", ["Paris", "Western France"]),
]

# Drawing nudges (map units) where real towns are too close to draw apart.
NUDGE = {
    "Hamburg": (8, -6),
    "Altona": (-8, 4),
    "Mainz": (4, 6),
    "Wiesbaden": (-8, -6),
    "Wetzlar": (-8, 0),
    "Giessen": (4, 0),
    "Frankfurt": (2, -2),
    "Hanau": (4, -5),
    "Custoza": (-2, 0),
    "Quadrilateral North": (6, -8),  # off the Custoza-Vicenza line
    "Prerau": (6, 4),
    "Olmütz": (-4, -4),
    "Hildesheim": (4, 4),
    "Hanover": (-4, -4),
    "Erfurt": (0, 4),
    "Weimar": (6, 0),
    "Eisenach": (-6, 0),
    "Rastatt": (-4, 4),
    "Karlsruhe": (4, -2),
    "Josefstadt": (4, -2),
    "Königgrätz": (0, 4),
    "Trautenau": (0, -4),
    "Nachod": (9, 0),
    "Castiglione": (-5, 3),
    "Asola": (2, 4),
    "Pontevico": (-5, -2),
    "Cremona": (3, 6),
    "Kiel": (4, 0),
    "Rendsburg": (-6, 2),
    "Oderberg": (4, 2),
    "Troppau": (-2, -4),
    "Ratibor": (0, -4),
    "Kosel": (4, -2),
    "Mannheim": (2, -4),
    "Aschaffenburg": (4, 3),
    "Darmstadt": (4, 2),
    "Schleswig": (-4, 0),
}

# ----------------------------------------------------------------------------- routes
# (a, b, kind, flags): kind R rail (a railway open by June 1866), r road only.
# flags: w the route crosses a major river in the open (Elbe, Rhine, Main, Danube, Po,
# Mincio, Adige, Vistula, Isonzo, Piave/Tagliamento) where neither end is a fortress or
# city astride it; m a mountain route (Bohemian-Silesian passes, Alps, Apennines,
# Carpathians, Vosges, Black Forest, Thuringian Forest, Bohemian Forest).
ROUTES = [
    # East and West Prussia, Pomerania, Posen
    ("Königsberg", "Danzig", "R", "w"),  # Vistula/Nogat (Dirschau and Marienburg bridges 1857)
    ("Königsberg", "Thorn", "r", ""),
    ("Danzig", "Bromberg", "R", "w"),  # Ostbahn over the Vistula at Dirschau
    ("Danzig", "Köslin", "r", ""),  # rail only 1870
    ("Thorn", "Bromberg", "R", ""),
    ("Bromberg", "Stettin", "R", ""),  # Ostbahn via Schneidemühl, Kreuz, Stargard
    ("Bromberg", "Posen", "r", ""),
    ("Bromberg", "Küstrin", "r", ""),
    ("Köslin", "Stettin", "R", ""),  # Stargard-Köslin 1859
    ("Stettin", "Berlin", "R", ""),
    ("Posen", "Stettin", "R", ""),  # Stargard-Posen 1848
    ("Posen", "Breslau", "R", ""),
    ("Posen", "Glogau", "R", ""),
    ("Posen", "Küstrin", "r", ""),
    ("Berlin", "Küstrin", "r", ""),  # Ostbahn Berlin-Küstrin only 1867
    ("Berlin", "Cottbus", "R", ""),  # Lower Silesian-Märkische line, abstracted
    ("Berlin", "Magdeburg", "R", ""),  # Magdeburg astride the Elbe
    ("Berlin", "Halle", "R", "w"),  # Anhalt line, Elbe at Wittenberg
    ("Berlin", "Torgau", "r", ""),
    ("Berlin", "Schwerin", "R", ""),  # Berlin-Hamburg line, Schwerin branch
    # Brandenburg, Silesia
    ("Cottbus", "Görlitz", "R", ""),  # via Kohlfurt
    ("Cottbus", "Torgau", "r", ""),
    ("Cottbus", "Glogau", "r", ""),
    ("Görlitz", "Liegnitz", "R", ""),
    ("Görlitz", "Hirschberg", "R", ""),  # Silesian Mountain Railway, Kohlfurt-Hirschberg
    ("Görlitz", "Bautzen", "R", ""),
    ("Görlitz", "Reichenberg", "R", "m"),  # via Zittau, Lusatian mountains
    ("Liegnitz", "Breslau", "R", ""),
    ("Liegnitz", "Glogau", "R", ""),
    ("Liegnitz", "Hirschberg", "r", ""),
    ("Breslau", "Schweidnitz", "R", ""),
    ("Breslau", "Brieg", "R", ""),
    ("Brieg", "Neisse", "R", ""),
    ("Brieg", "Oppeln", "R", ""),
    ("Oppeln", "Kosel", "R", ""),
    ("Kosel", "Ratibor", "R", ""),
    ("Kosel", "Neisse", "r", ""),
    ("Kosel", "Cracow", "R", ""),  # Upper Silesian line via Gleiwitz and Myslowitz
    ("Ratibor", "Oderberg", "R", ""),
    ("Ratibor", "Troppau", "r", ""),
    ("Schweidnitz", "Hirschberg", "r", ""),
    ("Schweidnitz", "Glatz", "r", "m"),
    ("Neisse", "Glatz", "r", ""),
    ("Neisse", "Würbenthal", "r", "m"),  # Altvater
    ("Hirschberg", "Trautenau", "r", "m"),  # Landeshut pass
    ("Glatz", "Nachod", "r", "m"),  # Nachod pass
    # Bohemia
    ("Reichenberg", "Jičín", "R", ""),  # Reichenberg-Turnau-Pardubitz line
    ("Reichenberg", "Theresienstadt", "r", ""),
    ("Reichenberg", "Prague", "r", ""),
    ("Theresienstadt", "Dresden", "R", ""),  # Elbe valley line 1851
    ("Theresienstadt", "Prague", "R", ""),
    ("Jičín", "Prague", "r", ""),
    ("Jičín", "Josefstadt", "r", ""),
    ("Jičín", "Königgrätz", "r", ""),
    ("Trautenau", "Josefstadt", "r", ""),
    ("Nachod", "Josefstadt", "r", ""),
    ("Josefstadt", "Königgrätz", "R", ""),
    ("Königgrätz", "Prague", "R", ""),  # via Pardubitz and Kolin
    ("Königgrätz", "Zwittau", "R", ""),  # via Pardubitz and Böhmisch Trübau
    ("Zwittau", "Brünn", "R", ""),
    ("Zwittau", "Olmütz", "R", ""),
    ("Prague", "Pilsen", "R", ""),  # Prague-Pilsen 1862
    ("Prague", "Budweis", "r", ""),
    ("Prague", "Iglau", "r", ""),
    ("Pilsen", "Eger", "r", ""),
    ("Pilsen", "Regensburg", "r", "m"),  # Bohemian Forest
    ("Budweis", "Linz", "r", ""),  # the horse railway
    ("Budweis", "Iglau", "r", ""),
    ("Eger", "Hof", "R", "m"),  # Fichtelgebirge, Hof-Eger 1865
    ("Eger", "Chemnitz", "r", "m"),  # Erzgebirge
    # Moravia, Austrian Silesia, Galicia
    ("Brünn", "Lundenburg", "R", ""),
    ("Brünn", "Olmütz", "r", ""),
    ("Brünn", "Iglau", "r", ""),
    ("Brünn", "Znaim", "r", ""),
    ("Brünn", "Vienna", "r", "w"),  # Brünner Strasse, Danube at Floridsdorf
    ("Lundenburg", "Vienna", "R", "w"),  # Nordbahn, Danube at Floridsdorf
    ("Lundenburg", "Prerau", "R", ""),
    ("Lundenburg", "Pressburg", "r", ""),
    ("Prerau", "Olmütz", "R", ""),
    ("Prerau", "Oderberg", "R", ""),
    ("Olmütz", "Troppau", "r", ""),
    ("Olmütz", "Würbenthal", "r", "m"),
    ("Troppau", "Würbenthal", "r", "m"),
    ("Troppau", "Oderberg", "r", ""),
    ("Oderberg", "Cracow", "R", ""),
    ("Cracow", "Tarnow", "R", ""),
    ("Tarnow", "Kaschau", "r", "m"),  # Carpathians
    ("Znaim", "Vienna", "r", "w"),
    ("Znaim", "Iglau", "r", ""),
    # Upper and Lower Austria, Hungary
    ("Vienna", "St. Pölten", "R", ""),
    ("Vienna", "Pressburg", "R", "w"),  # via Marchegg on the left bank
    ("Vienna", "Raab", "R", ""),  # via Bruck
    ("Vienna", "Graz", "R", "m"),  # Semmering
    ("St. Pölten", "Linz", "R", ""),
    ("Linz", "Passau", "R", ""),  # 1861
    ("Linz", "Salzburg", "R", ""),  # Empress Elisabeth line 1860
    ("Pressburg", "Budapest", "R", ""),  # Hungarian Central line via Waitzen
    ("Pressburg", "Komorn", "r", ""),
    ("Raab", "Komorn", "r", ""),
    ("Raab", "Budapest", "r", ""),
    ("Komorn", "Budapest", "r", ""),
    ("Budapest", "Szegedin", "R", ""),
    ("Budapest", "Grosswardein", "R", ""),  # via Szolnok and Püspökladány
    ("Budapest", "Kaschau", "R", ""),  # via Hatvan and Miskolc
    ("Kaschau", "Grosswardein", "r", ""),
    ("Grosswardein", "Szegedin", "r", ""),
    # Inner Austria, Littoral, Tyrol, Salzburg
    ("Graz", "Laibach", "R", ""),  # Südbahn
    ("Graz", "Klagenfurt", "r", ""),
    ("Graz", "Raab", "r", ""),
    ("Laibach", "Trieste", "R", "m"),  # Südbahn over the Karst
    ("Laibach", "Klagenfurt", "r", "m"),  # Loibl pass
    ("Klagenfurt", "Udine", "r", "m"),  # Pontebba
    ("Klagenfurt", "Salzburg", "r", "m"),
    ("Trieste", "Görz", "R", ""),
    ("Görz", "Udine", "R", "w"),  # Isonzo
    ("Salzburg", "Munich", "R", ""),  # 1860
    ("Salzburg", "Innsbruck", "r", "m"),
    ("Innsbruck", "Munich", "R", "m"),  # via Kufstein 1858
    ("Innsbruck", "Bozen", "r", "m"),  # Brenner (railway only 1867)
    ("Bozen", "Trent", "R", ""),  # 1859
    ("Trent", "Quadrilateral North", "R", ""),  # Adige valley 1859
    ("Trent", "Brescia", "r", "m"),  # Val Sabbia, Lake Idro: Garibaldi's front
    ("Trent", "Belluno", "r", "m"),  # Val Sugana and Feltre
    # Venetia
    ("Udine", "Treviso", "R", "w"),  # Tagliamento and Piave
    ("Udine", "Belluno", "r", "m"),
    ("Treviso", "Venice", "R", ""),  # via Mestre
    ("Treviso", "Belluno", "r", ""),
    ("Treviso", "Padua", "r", ""),
    ("Venice", "Padua", "R", ""),
    ("Padua", "Vicenza", "R", ""),
    # RECONSTRUCTED, from the example of play, War turn 1 (FOR2): Benedek's army goes from
    # Custoza "Vicenza, Padua, Rovigo, Ferrara (+1MP for the river)" to Bologna, "my 6th
    # MP", the rail bonus spent before Italy: Custoza-Vicenza-Padua-Rovigo is the 3 MP
    # block, so no river is counted between Padua and Rovigo (the Adige is crossed on
    # the Padua-Rovigo line's bridge, not "in the open") and Custoza joins Vicenza.
    ("Padua", "Rovigo", "R", ""),
    ("Vicenza", "Quadrilateral North", "R", ""),
    ("Quadrilateral North", "Custoza", "R", ""),  # Verona-Milan line at Sommacampagna
    ("Custoza", "Vicenza", "R", ""),  # RECONSTRUCTED, example War turn 1 FOR2 (above)
    ("Quadrilateral North", "Quadrilateral South", "R", ""),  # Verona-Mantua 1851
    ("Quadrilateral North", "Brescia", "R", ""),  # over the Mincio at Peschiera
    ("Quadrilateral South", "Custoza", "r", ""),  # via Villafranca
    ("Quadrilateral South", "Rovigo", "r", ""),  # via Legnago
    ("Custoza", "Castiglione", "r", "w"),  # Mincio at Valeggio
    ("Quadrilateral South", "Castiglione", "r", "w"),  # Mincio at Goito
    ("Quadrilateral South", "Asola", "r", ""),
    ("Quadrilateral South", "Modena", "r", "w"),  # Po at Borgoforte
    ("Quadrilateral South", "Ferrara", "r", "w"),  # Po at Ostiglia
    ("Rovigo", "Ferrara", "R", "w"),  # Po at Pontelagoscuro ("+1MP for the river")
    # Kingdom of Italy
    ("Turin", "Novara", "R", ""),
    ("Turin", "Alessandria", "R", ""),
    ("Novara", "Milan", "R", "w"),  # Ticino at Magenta
    ("Novara", "Alessandria", "R", ""),
    ("Alessandria", "Genoa", "R", "m"),  # Giovi
    ("Alessandria", "Piacenza", "R", ""),
    ("Milan", "Bergamo", "R", ""),
    ("Milan", "Piacenza", "R", ""),
    ("Milan", "Cremona", "R", ""),  # Treviglio-Cremona 1863
    ("Bergamo", "Brescia", "R", ""),
    ("Brescia", "Castiglione", "r", ""),
    ("Brescia", "Pontevico", "r", ""),
    ("Castiglione", "Asola", "r", ""),
    ("Asola", "Pontevico", "r", ""),
    ("Pontevico", "Cremona", "r", ""),
    ("Cremona", "Piacenza", "r", "w"),  # Po
    ("Piacenza", "Parma", "R", ""),
    ("Parma", "Modena", "R", ""),
    ("Modena", "Bologna", "R", ""),
    ("Modena", "Florence", "r", "m"),  # Abetone
    ("Bologna", "Ferrara", "R", ""),
    ("Bologna", "Florence", "R", "m"),  # Porrettana 1864
    ("Bologna", "Rimini", "R", ""),
    ("Rimini", "Ancona", "R", ""),
    # Saxony, Thuringia, Prussian Saxony
    ("Magdeburg", "Halle", "R", ""),
    ("Magdeburg", "Braunschweig", "R", ""),
    ("Halle", "Leipzig", "R", ""),
    ("Halle", "Weimar", "R", ""),  # Thuringian line
    ("Torgau", "Leipzig", "r", ""),
    ("Torgau", "Dresden", "R", ""),  # Jüterbog-Röderau line, abstracted
    ("Leipzig", "Dresden", "R", ""),
    ("Leipzig", "Chemnitz", "R", ""),  # via Riesa
    ("Leipzig", "Hof", "R", ""),  # Saxon-Bavarian line
    ("Leipzig", "Weimar", "r", ""),
    ("Dresden", "Bautzen", "R", ""),
    ("Dresden", "Chemnitz", "r", ""),
    ("Chemnitz", "Hof", "r", ""),
    ("Weimar", "Erfurt", "R", ""),
    ("Erfurt", "Eisenach", "R", ""),
    ("Erfurt", "Meiningen", "r", "m"),  # Thuringian Forest
    ("Eisenach", "Cassel", "R", ""),  # via Bebra
    ("Eisenach", "Meiningen", "R", ""),  # Werra line 1858
    ("Eisenach", "Fulda", "r", ""),
    ("Meiningen", "Bamberg", "R", ""),  # Werra line via Coburg and Lichtenfels
    ("Meiningen", "Schweinfurt", "r", ""),
    # Hanover, Westphalia, the North
    ("Braunschweig", "Hanover", "R", ""),
    ("Braunschweig", "Railroad Junction", "R", ""),
    ("Hildesheim", "Railroad Junction", "R", ""),
    ("Göttingen", "Railroad Junction", "R", ""),
    ("Paderborn", "Railroad Junction", "R", ""),  # Altenbeken-Holzminden-Kreiensen
    ("Hildesheim", "Hanover", "R", ""),
    ("Hildesheim", "Braunschweig", "r", ""),
    ("Hanover", "Minden", "R", ""),
    ("Hanover", "Bremen", "R", ""),
    ("Hanover", "Hamburg", "R", "w"),  # via Celle and Harburg, Elbe
    ("Minden", "Osnabrück", "R", ""),  # via Löhne
    ("Minden", "Dortmund", "R", ""),  # Cologne-Minden line via Bielefeld and Hamm
    ("Minden", "Paderborn", "r", ""),
    ("Osnabrück", "Emden", "R", ""),  # Hanoverian Westbahn via Rheine and Lingen
    ("Osnabrück", "Münster", "r", ""),  # railway only 1871
    ("Osnabrück", "Hanover", "r", ""),  # via Diepholz and Nienburg: Hanover's lands are contiguous
    ("Osnabrück", "Oldenburg", "r", ""),
    ("Emden", "Münster", "R", ""),  # Emden-Rheine-Münster 1856
    ("Emden", "Oldenburg", "r", ""),
    ("Oldenburg", "Bremen", "r", ""),  # railway 1867
    ("Bremen", "Hamburg", "r", "w"),
    ("Münster", "Dortmund", "R", ""),
    ("Dortmund", "Paderborn", "R", ""),  # Hamm-Paderborn 1850
    ("Dortmund", "Cologne", "R", ""),  # from Deutz, Cologne astride the Rhine
    ("Paderborn", "Cassel", "R", ""),  # via Warburg
    ("Göttingen", "Cassel", "R", ""),  # Hannoversche Südbahn 1856
    ("Hamburg", "Altona", "R", ""),
    ("Hamburg", "Lübeck", "R", ""),  # 1865
    ("Hamburg", "Schwerin", "R", ""),
    ("Altona", "Rendsburg", "R", ""),  # via Neumünster
    ("Altona", "Kiel", "R", ""),
    ("Kiel", "Rendsburg", "r", ""),
    ("Kiel", "Lübeck", "r", ""),
    ("Rendsburg", "Schleswig", "R", ""),
    ("Schleswig", "Flensburg", "R", ""),
    ("Lübeck", "Schwerin", "r", ""),
    ("Schwerin", "Stettin", "r", ""),
    # Rhineland, Hesse, Nassau, Frankfurt
    ("Cologne", "Koblenz", "R", ""),  # left-bank line 1858
    ("Cologne", "Wetzlar", "R", ""),  # Deutz-Giessen line via Siegen
    ("Koblenz", "Trier", "r", ""),
    ("Koblenz", "Limburg", "R", ""),  # Lahn line, Koblenz astride the Rhine
    ("Koblenz", "Mainz", "R", ""),  # left-bank line via Bingen 1859
    ("Trier", "Saarlouis", "R", ""),  # Saar line 1860
    ("Trier", "Metz", "r", ""),
    ("Saarlouis", "Metz", "R", ""),
    ("Saarlouis", "Kaiserslautern", "R", ""),  # Ludwigsbahn
    ("Kaiserslautern", "Mannheim", "R", "w"),  # Rhine at Ludwigshafen (bridge 1867)
    ("Kaiserslautern", "Landau", "r", ""),
    ("Kaiserslautern", "Mainz", "r", ""),
    ("Landau", "Strasbourg", "R", ""),  # via Wissembourg 1855
    ("Landau", "Karlsruhe", "r", "w"),  # Rhine at Maxau
    ("Limburg", "Wetzlar", "R", ""),  # 1862
    ("Limburg", "Wiesbaden", "r", ""),
    ("Wetzlar", "Giessen", "R", ""),
    ("Giessen", "Frankfurt", "R", ""),  # Main-Weser line 1850
    ("Giessen", "Marburg", "R", ""),
    ("Marburg", "Cassel", "R", ""),
    ("Cassel", "Fulda", "r", ""),
    ("Fulda", "Hanau", "r", ""),
    ("Fulda", "Schweinfurt", "r", ""),  # via Kissingen
    ("Hanau", "Frankfurt", "R", ""),
    ("Hanau", "Aschaffenburg", "R", ""),
    ("Frankfurt", "Wiesbaden", "R", ""),  # Taunus line 1840
    ("Frankfurt", "Darmstadt", "R", ""),  # Main-Neckar line
    ("Wiesbaden", "Mainz", "R", ""),  # Mainz astride the Rhine (Kastel)
    ("Mainz", "Darmstadt", "R", ""),
    ("Mainz", "Mannheim", "R", ""),  # via Worms and Ludwigshafen
    ("Darmstadt", "Mannheim", "R", ""),
    ("Darmstadt", "Aschaffenburg", "R", ""),  # 1858
    ("Darmstadt", "Karlsruhe", "R", ""),  # via Heidelberg, abstracted
    # Baden, Württemberg, Bavaria
    ("Mannheim", "Karlsruhe", "R", ""),
    ("Mannheim", "Heilbronn", "r", ""),
    ("Karlsruhe", "Rastatt", "R", ""),
    ("Karlsruhe", "Stuttgart", "R", ""),  # via Bretten and Mühlacker
    ("Rastatt", "Stuttgart", "R", ""),  # via Pforzheim, abstracted (example of play)
    ("Rastatt", "Freiburg", "R", ""),
    ("Rastatt", "Strasbourg", "R", "w"),  # Rhine at Kehl 1861
    ("Freiburg", "Ulm", "r", "m"),  # Black Forest and upper Danube
    ("Freiburg", "Belfort", "r", "w"),  # Rhine at Basel
    ("Stuttgart", "Heilbronn", "R", ""),
    ("Stuttgart", "Ulm", "R", ""),  # Fils valley 1850
    ("Heilbronn", "Würzburg", "r", ""),
    ("Ulm", "Augsburg", "R", ""),  # Neu-Ulm, Ulm astride the Danube
    ("Ulm", "Ingolstadt", "r", ""),
    ("Augsburg", "Munich", "R", ""),
    ("Augsburg", "Nuremberg", "R", "w"),  # Danube at Donauwörth
    ("Augsburg", "Ingolstadt", "r", ""),
    ("Munich", "Ingolstadt", "r", ""),  # railway 1867
    ("Munich", "Regensburg", "R", ""),  # via Landshut 1859
    ("Ingolstadt", "Nuremberg", "r", ""),
    ("Ingolstadt", "Regensburg", "r", ""),
    ("Regensburg", "Nuremberg", "R", ""),  # via Amberg 1859
    ("Regensburg", "Passau", "R", ""),  # 1860
    ("Nuremberg", "Bamberg", "R", ""),  # Ludwig-Süd-Nord line
    ("Nuremberg", "Würzburg", "R", ""),  # 1865
    ("Bamberg", "Hof", "R", ""),
    ("Bamberg", "Schweinfurt", "R", ""),
    ("Schweinfurt", "Würzburg", "R", ""),
    ("Würzburg", "Aschaffenburg", "R", ""),
    # France
    ("French Supply Source", "Chalons", "R", ""),  # Paris-Strasbourg line
    ("Chalons", "Metz", "R", ""),  # via Frouard
    ("Chalons", "Nancy", "R", ""),
    ("Metz", "Nancy", "R", ""),
    ("Nancy", "Strasbourg", "R", "m"),  # Vosges at Saverne
    ("Nancy", "Belfort", "r", ""),
    ("Strasbourg", "Belfort", "R", ""),  # via Mulhouse
]

# Sea lines of communication between ports (15.1). The sea is friendly to all, so every
# port of a sea reaches every other port of it directly (no port in between has to be
# friendly): the northern seas (the Baltic and the North Sea, joined round Jutland) and
# the Adriatic (Genoa joins it round the peninsula).
SEA_ZONES = [
    ["Königsberg", "Danzig", "Stettin", "Lübeck", "Kiel", "Flensburg",
     "Altona", "Hamburg", "Bremen", "Emden"],
    ["Venice", "Trieste", "Ancona", "Genoa"],
]
SEA = [(z[i], z[j]) for z in SEA_ZONES for i in range(len(z)) for j in range(i + 1, len(z))]

KIND = {"m": "Minor", "M": "Major", "J": "Junction", "X": "OffBoard"}


def ascii_id(name):
    table = str.maketrans({"ä": "a", "ö": "o", "ü": "u", "č": "c", "í": "i", "ß": "ss",
                           "Ä": "a", "Ö": "o", "Ü": "u", ".": "", "'": ""})
    s = name.translate(table).lower()
    return "-".join(w for w in s.replace("(", " ").replace(")", " ").split())


def position(name, lat, lon):
    x = (lon - LON_W) * COS * S
    y = (LAT_N - lat) * S
    dx, dy = NUDGE.get(name, (0, 0))
    return round(x + dx, 1), round(y + dy, 1)


def check():
    problems = []
    names = [s[0] for s in SPACES]
    index = {n: i for i, n in enumerate(names)}
    if len(index) != len(names):
        problems.append("duplicate space names")
    provs = {p[0] for p in PROVINCES}
    for s in SPACES:
        if s[4] is not None and s[4] not in provs:
            problems.append(f"{s[0]}: unknown province {s[4]}")
        if "i" in s[6] and s[4] is not None:
            problems.append(f"{s[0]}: independent but in a province")
    seen = set()
    for a, b, k, f in ROUTES:
        for n in (a, b):
            if n not in index:
                problems.append(f"route {a}-{b}: unknown space {n}")
        key = tuple(sorted((a, b)))
        if key in seen:
            problems.append(f"route {a}-{b} twice")
        seen.add(key)
    for a, b in SEA:
        for n in (a, b):
            if n not in index or "p" not in SPACES[index[n]][6]:
                problems.append(f"sea {a}-{b}: {n} is not a port")
    for p in provs:
        if not any(s[4] == p for s in SPACES):
            problems.append(f"province {p} has no space")
    # connected
    adj = defaultdict(set)
    for a, b, _, _ in ROUTES:
        adj[a].add(b)
        adj[b].add(a)
    start = names[0]
    seen = {start}
    q = deque([start])
    while q:
        n = q.popleft()
        for m in adj[n]:
            if m not in seen:
                seen.add(m)
                q.append(m)
    for n in names:
        if n not in seen:
            problems.append(f"{n} is not connected")
    # drawing: nodes too close
    pos = [position(s[0], s[1], s[2]) for s in SPACES]
    tight = []
    for i in range(len(pos)):
        for j in range(i + 1, len(pos)):
            d = math.dist(pos[i], pos[j])
            if d < 14:
                tight.append((round(d, 1), names[i], names[j]))
    return problems, sorted(tight)


def ron_str(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def write(path):
    out = []
    out.append("// 1866: The Struggle for Supremacy in Germany (Compass Games): the strategic map.")
    out.append("//")
    out.append("// RECONSTRUCTED, ALL OF IT: the rulebook prints no map. It names the spaces of its two")
    out.append("// set-ups and of its example of play and states a few movement costs there (Benedek's")
    out.append("// rail move Vicenza-Padua-Vicenza-Quadrilateral North-Custoza for 4 MPs, the +1 MP river")
    out.append("// at Ferrara, the 9.62 junction, Hesse-D.'s 9 MP rail move). Which towns are spaces,")
    out.append("// their kinds, fortress values, provinces, owners, routes, rivers, passes, supply")
    out.append("// sources and ports are our reconstruction from the political map and the railway")
    out.append("// network of June 1866. GENERATED by tools/struggle_map.py (edit the script, not this")
    out.append("// file); docs/games/struggle-map.md explains every choice and its sources.")
    out.append("// RECONSTRUCTED, from the example of play, War turn 1 (FOR2: Custoza to Bologna in 6")
    out.append("// MPs through Vicenza, Padua, Rovigo and Ferrara): the Custoza-Vicenza rail route and")
    out.append("// no river between Padua and Rovigo.")
    out.append("//")
    out.append("// x, y: drawing position, equirectangular about 49 N, 72 map units per degree of")
    out.append("// latitude (x = (lon - 1.5) * cos 49 * 72, y = (55 - lat) * 72), a few nudged apart.")
    out.append("// Route kind Rail: a railway open by June 1866 (Road otherwise). river: the route")
    out.append("// crosses a major river in the open (+1 MP); mountain: a pass (+1 MP). Entering a space")
    out.append("// costs 1 MP plus those (our Terrain Effects Chart, RECONSTRUCTED).")
    out.append("(")
    out.append('    name: "Central Europe, June 1866",')
    out.append("    reconstructed: true,")
    out.append("    provinces: [")
    for n, vp, c in PROVINCES:
        out.append(f"        (name: {ron_str(n)}, vp: {vp}, country: {c}),")
    out.append("    ],")
    out.append("    spaces: [")
    for (name, lat, lon, kind, prov, owner, flags, aliases) in SPACES:
        x, y = position(name, lat, lon)
        k = KIND.get(kind) or f"Fortress({kind[1]})"
        country = owner
        if prov in ("Schleswig", "Holstein") or name in ("Railroad Junction",):
            country = "German"
        if "i" in flags and owner == "Prussia":
            country = "German"
        fields = [f"id: {ron_str(ascii_id(name))}", f"name: {ron_str(name)}"]
        if aliases:
            fields.append("aliases: [" + ", ".join(ron_str(a) for a in aliases) + "]")
        fields.append(f"x: {x}, y: {y}, lat: {lat}, lon: {lon}")
        fields.append(f"kind: {k}")
        if "v" in flags:
            fields.append("vp: true")
        if "i" in flags:
            fields.append("independent: true")
        if "p" in flags:
            fields.append("port: true")
        if "s" in flags:
            fields.append(f"supply: Some({owner})")
        if prov:
            fields.append(f"province: Some({ron_str(prov)})")
        fields.append(f"country: {country}, owner: {owner}")
        if "t" in flags:
            fields.append("terrain: Mountain")
        out.append("        (" + ", ".join(fields) + "),")
    out.append("    ],")
    out.append("    routes: [")
    for a, b, k, f in ROUTES:
        fields = [f"a: {ron_str(a)}", f"b: {ron_str(b)}", "kind: " + ("Rail" if k == "R" else "Road")]
        if "w" in f:
            fields.append("river: true")
        if "m" in f:
            fields.append("mountain: true")
        out.append("        (" + ", ".join(fields) + "),")
    out.append("    ],")
    out.append("    sea: [")
    for a, b in SEA:
        out.append(f"        ({ron_str(a)}, {ron_str(b)}),")
    out.append("    ],")
    out.append(")")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("\n".join(out) + "\n")


def main():
    problems, tight = check()
    for p in problems:
        print("PROBLEM:", p)
    for t in tight:
        print("tight:", t)
    print(f"{len(SPACES)} spaces, {len(ROUTES)} routes, {len(SEA)} sea links, "
          f"{len(PROVINCES)} provinces")
    if problems:
        sys.exit(1)
    if "--report" not in sys.argv:
        write("scenarios/maps/struggle.ron")
        print("wrote scenarios/maps/struggle.ron")


if __name__ == "__main__":
    main()
