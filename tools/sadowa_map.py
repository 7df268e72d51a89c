#!/usr/bin/env python3
"""Generates scenarios/maps/sadowa.ron, the RECONSTRUCTED map of The Sadowa Campaign.

The rulebook names a few hex numbers (13.0, 5.1, 14.0) but prints no map. This script
fits the game's hex grid to the real positions of the places those numbers name, then
lays the 1866 geography (borders, rivers, relief, roads, railways, towns) on the grid
with the same transform. See docs/games/sadowa-map.md for the method and sources.

    python3 tools/sadowa_map.py            # writes scenarios/maps/sadowa.ron
    python3 tools/sadowa_map.py --report   # prints the fit and the positions only

Hex numbers are XXYY (column, row), flat-topped hexes, odd printed columns higher, as in
src/engine/hexmap.rs (Coord::centre). Pure Python 3, no dependencies.
"""
import math
import sys

COLS, ROWS = 35, 17
SQ3 = math.sqrt(3)
LAT0, LON0 = 50.4, 16.0
KX = 111.32 * math.cos(math.radians(LAT0))  # km per degree of longitude at 50.4 N
KY = 110.57  # km per degree of latitude

# The places whose hex numbers the rules cite, with their real positions (lat N, lon E).
ANCHORS = [
    ("Dresden", "1208", 51.050, 13.738),
    ("Theresienstadt", "1609", 50.511, 14.150),
    ("Prague", "1811", 50.087, 14.421),
    ("Sadowa", "2307", 50.299, 15.696),
    ("Josefstadt", "2406", 50.339, 15.928),
    ("Schweidnitz", "2502", 50.844, 16.488),
    ("Königgrätz", "2507", 50.209, 15.833),
    ("Glatz", "2704", 50.435, 16.661),
    ("Neisse", "3002", 50.472, 17.333),
    ("Kosel", "3301", 50.335, 18.160),
    ("Olmütz", "3305", 49.594, 17.251),
]


# ---------------------------------------------------------------- grid geometry
def parse(h):
    return int(h[:2]), int(h[2:])


def name(c, r):
    return f"{c:02}{r:02}"


def centre(c, r):
    """Centre of a hex in hex-size units (neighbours sqrt(3) apart), y grows south."""
    return (c - 1) * 1.5, (r - 1 + (0.5 if (c - 1) % 2 else 0.0)) * SQ3


def pixel_to_hex(x, y):
    q = x / 1.5
    ra = (-x / 3.0 + SQ3 / 3.0 * y)
    # cube rounding
    cx, cz = q, ra
    cy = -cx - cz
    rx, ry, rz = round(cx), round(cy), round(cz)
    dx, dy, dz = abs(rx - cx), abs(ry - cy), abs(rz - cz)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy > dz:
        ry = -rx - rz
    else:
        rz = -rx - ry
    qa, raa = rx, rz
    col = qa + 1
    row = raa + (qa - (qa & 1)) // 2 + 1
    return col, row


def on_map(c, r):
    return 1 <= c <= COLS and 1 <= r <= ROWS


def neighbours(c, r):
    x, y = centre(c, r)
    out = []
    for k in range(6):
        ang = math.radians(90 + 60 * k)
        nx, ny = x + SQ3 * math.cos(ang), y - SQ3 * math.sin(ang)
        out.append(pixel_to_hex(nx, ny))
    return out  # N, NW, SW, S, SE, NE order (counter-clockwise from north)


DIRS = {  # direction name -> index in neighbours()
    "N": 0, "NW": 1, "SW": 2, "S": 3, "SE": 4, "NE": 5,
}


def direction(a, b):
    for d, k in DIRS.items():
        if neighbours(*a)[k] == b:
            return d
    return None


def adjacent(a, b):
    return direction(a, b) is not None


# ---------------------------------------------------------------- the fit
def km(lat, lon):
    return complex((lon - LON0) * KX, (lat - LAT0) * KY)


def mapz(c, r):
    x, y = centre(c, r)
    return complex(x, -y)  # north up in the complex plane


def fit():
    zs = [mapz(*parse(h)) for _, h, _, _ in ANCHORS]
    gs = [km(la, lo) for _, _, la, lo in ANCHORS]
    n = len(zs)
    mz, mg = sum(zs) / n, sum(gs) / n
    a = sum((g - mg) * (z - mz).conjugate() for z, g in zip(zs, gs)) / sum(
        abs(z - mz) ** 2 for z in zs
    )
    b = mg - a * mz
    return a, b, zs, gs


A, B, ZS, GS = fit()
# Residual of each anchor in map units: where the rules put it minus where the fit puts it.
RES = [z - (g - B) / A for z, g in zip(ZS, GS)]
R0 = 4.0 * SQ3  # beyond about 4 hexes from the anchors the plain fit takes over


def correction(z0):
    """Inverse-distance blend of the anchors' residuals (exact at each anchor)."""
    num, den = 0j, 1.0 / (R0 * R0)
    for za, res in zip(ZS, RES):
        d2 = abs(z0 - (za - res)) ** 2
        if d2 < 1e-12:
            return res
        w = 1.0 / d2
        num += w * res
        den += w
    return num / den


def geo_to_map(lat, lon):
    z0 = (km(lat, lon) - B) / A
    z = z0 + correction(z0)
    return z.real, -z.imag  # (x, y) with y south


def geo_to_hex(lat, lon):
    return pixel_to_hex(*geo_to_map(lat, lon))


def hex_to_geo(c, r):
    z = mapz(c, r)
    z0 = z
    for _ in range(30):
        z0 = z - correction(z0)
    g = A * z0 + B
    return LAT0 + g.imag / KY, LON0 + g.real / KX


# ---------------------------------------------------------------- geography (lat, lon)
# Places: (name, lat, lon, kind) kind: City, Fortress or None (label only).
PLACES = [
    # Rules-cited fortresses and cities (13.1, 13.2).
    ("Dresden", 51.050, 13.738, "City"),
    ("Prague", 50.087, 14.421, "City"),
    ("Theresienstadt", 50.511, 14.150, "Fortress"),
    ("Josefstadt", 50.339, 15.928, "Fortress"),
    ("Königgrätz", 50.209, 15.833, "Fortress"),
    ("Olmütz", 49.594, 17.251, "Fortress"),
    ("Schweidnitz", 50.844, 16.488, "Fortress"),
    ("Glatz", 50.435, 16.661, "Fortress"),
    ("Neisse", 50.472, 17.333, "Fortress"),
    ("Kosel", 50.335, 18.160, "Fortress"),
    # Other cities (RECONSTRUCTED choice: the largest towns of 1866 and the campaign's
    # road and railway junctions).
    ("Leipzig", 51.340, 12.375, "City"),
    ("Chemnitz", 50.833, 12.917, "City"),
    ("Zwickau", 50.718, 12.496, "City"),
    ("Bautzen", 51.181, 14.424, "City"),
    ("Zittau", 50.896, 14.807, "City"),
    ("Reichenberg", 50.767, 15.056, "City"),
    ("Turnau", 50.587, 15.157, "City"),
    ("Jungbunzlau", 50.412, 14.906, "City"),
    ("Gitschin", 50.437, 15.351, "City"),
    ("Pardubitz", 50.038, 15.779, "City"),
    ("Kolin", 50.028, 15.200, "City"),
    ("Pilsen", 49.747, 13.378, "City"),
    ("Brünn", 49.195, 16.608, "City"),
    ("Iglau", 49.396, 15.591, "City"),
    ("Troppau", 49.938, 17.903, "City"),
    ("Görlitz", 51.153, 14.987, "City"),
    ("Breslau", 51.110, 17.032, "City"),
    ("Liegnitz", 51.207, 16.155, "City"),
    ("Halle", 51.483, 11.970, "City"),
    ("Torgau", 51.560, 13.005, "City"),
    ("Hirschberg", 50.903, 15.734, "City"),
    # Label-only places.
    ("Sadowa", 50.299, 15.696, None),
    ("Münchengrätz", 50.528, 14.983, None),
    ("Trautenau", 50.561, 15.913, None),
    ("Nachod", 50.416, 16.163, None),
    ("Skalitz", 50.395, 16.061, None),
    ("Podol", 50.585, 15.113, None),
    ("Bodenbach", 50.774, 14.197, None),
    ("Aussig", 50.661, 14.032, None),
    ("Teplitz", 50.640, 13.825, None),
    ("Landeshut", 50.786, 16.057, None),
    ("Braunau", 50.581, 16.290, None),
    ("Lauban", 51.117, 15.290, None),
    ("Budweis", 48.975, 14.474, None),
    ("Karlsbad", 50.231, 12.872, None),
    ("Eger", 50.080, 12.374, None),
    ("Znaim", 48.856, 16.049, None),
    ("Lundenburg", 48.759, 16.882, None),
    ("Prerau", 49.455, 17.451, None),
    ("Oppeln", 50.671, 17.926, None),
    ("Ratibor", 50.092, 18.219, None),
    ("Riesa", 51.308, 13.294, None),
    ("Pirna", 50.962, 13.940, None),
    ("Freiberg", 50.912, 13.342, None),
    ("Brandeis", 50.187, 14.663, None),
    ("Melnik", 50.350, 14.474, None),
    ("Böhmisch Trübau", 49.946, 16.447, None),
    ("Hohenmauth", 49.952, 16.163, None),
    ("Chrudim", 49.951, 15.795, None),
    ("Czaslau", 49.911, 15.390, None),
    ("Deutschbrod", 49.608, 15.580, None),
    ("Tabor", 49.414, 14.658, None),
    ("Brieg", 50.861, 17.467, None),
    ("Waldenburg", 50.771, 16.284, None),
    ("Reinerz", 50.406, 16.404, None),
    ("Freiwaldau", 50.239, 17.198, None),
    ("Jägerndorf", 50.103, 17.708, None),
    ("Komotau", 50.460, 13.418, None),
    ("Saaz", 50.330, 13.546, None),
    ("Laun", 50.357, 13.797, None),
    ("Plauen", 50.495, 12.138, None),
    ("Kohlfurt", 51.273, 15.120, None),
    ("Bunzlau", 51.262, 15.569, None),
    ("Jauer", 51.054, 16.196, None),
    ("Freiburg", 50.851, 16.335, None),
    ("Königinhof", 50.444, 15.839, None),
    ("Arnau", 50.561, 15.716, None),
    ("Horitz", 50.367, 15.633, None),
    ("Kralup", 50.243, 14.311, None),
    ("Raudnitz", 50.420, 14.260, None),
    ("Lobositz", 50.516, 14.046, None),
    ("Böhmisch Leipa", 50.686, 14.538, None),
    ("Gabel", 50.793, 14.792, None),
    ("Rumburg", 50.952, 14.557, None),
    ("Friedland", 50.921, 15.080, None),
    ("Schluckenau", 50.999, 14.459, None),
    ("Löbau", 51.097, 14.667, None),
    ("Meissen", 51.163, 13.472, None),
    ("Mühlberg", 51.434, 13.222, None),
    ("Kamenz", 51.270, 14.094, None),
    ("Großenhain", 51.290, 13.532, None),
    ("Leitmeritz", 50.534, 14.131, None),
    ("Schwadowitz", 50.493, 16.071, None),
    ("Starkenbach", 50.644, 15.488, None),
    ("Stara Paka", 50.510, 15.494, None),
    ("Nimburg", 50.185, 15.043, None),
    ("Zwittau", 49.757, 16.469, None),
    ("Mährisch Trübau", 49.755, 16.640, None),
    ("Hohenstadt", 49.957, 16.975, None),
    ("Littau", 49.712, 17.076, None),
    ("Sternberg", 49.730, 17.299, None),
    ("Hof", 50.313, 11.912, None),
    ("Altenburg", 50.985, 12.433, None),
    ("Vienna", 48.208, 16.373, None),
    ("Stockerau", 48.386, 16.211, None),
    ("Wittenberg", 51.866, 12.649, None),
    ("Glogau", 51.663, 16.085, None),
    ("Ohlau", 50.951, 17.297, None),
    ("Frankenstein", 50.590, 16.810, None),
    ("Patschkau", 50.463, 17.022, None),
    ("Neustadt (O.S.)", 50.322, 17.573, None),
    ("Leobschütz", 50.204, 17.822, None),
    ("Kremsier", 49.298, 17.393, None),
    ("Mährisch Weisskirchen", 49.552, 17.742, None),
    ("Oderberg", 49.920, 18.333, None),
]
# Waypoints only: Großenhain falls on 1007, which the rules make a Prussian hex.
NO_LABEL = {"Großenhain"}
LL = {n: (la, lo) for n, la, lo, _ in PLACES}


def P(*names):
    out = []
    for n in names:
        if isinstance(n, str) and n.startswith("@"):
            out.append(hex_to_geo(*parse(n[1:])))  # a hex centre: where a road leaves the map
        else:
            out.append(LL[n] if isinstance(n, str) else n)
    return out


# Borders of 1866 as polylines (lat, lon); used to build country polygons.
# Bohemia - Bavaria, south to north (Böhmerwald, Oberpfälzer Wald, the Eger salient).
BAVARIA_BOHEMIA = [(48.0, 13.2), (48.58, 13.5), (48.77, 13.84), (49.05, 13.4), (49.25, 13.0),
                   (49.45, 12.75), (49.7, 12.5), (49.95, 12.45), (50.1, 12.1), (50.2, 12.05),
                   (50.27, 12.1)]
# Bohemia - Saxony, west to east (Asch, Erzgebirge crest, Elbe gorge, Schluckenau salient).
SAXONY_BOHEMIA = [(50.27, 12.1), (50.32, 12.3), (50.40, 12.6), (50.42, 12.95), (50.52, 13.2),
                  (50.60, 13.45), (50.70, 13.65), (50.75, 13.85), (50.80, 14.0),
                  (50.88, 14.23), (50.92, 14.32), (51.02, 14.30), (51.06, 14.45),
                  (51.03, 14.56), (50.96, 14.62), (50.90, 14.64), (50.86, 14.74),
                  (50.85, 14.82)]
# Bohemia/Moravia/Austrian Silesia - Prussia, west to east (Friedland salient,
# Iser- and Riesengebirge, Braunau salient, county of Glatz, Neisse, Leobschütz, Oppa).
PRUSSIA_AUSTRIA = [(50.85, 14.82), (50.93, 14.98), (51.02, 15.03), (51.01, 15.17),
                   (50.93, 15.27), (50.85, 15.30), (50.80, 15.50), (50.74, 15.73),
                   (50.70, 15.85), (50.68, 16.00), (50.64, 16.10), (50.70, 16.22),
                   (50.64, 16.40), (50.53, 16.38), (50.45, 16.22), (50.37, 16.25),
                   (50.30, 16.38), (50.18, 16.52), (50.08, 16.72), (50.18, 16.88),
                   (50.32, 16.93), (50.43, 17.05), (50.40, 17.25), (50.33, 17.35),
                   (50.28, 17.50), (50.18, 17.60), (50.08, 17.70), (50.10, 17.82),
                   (49.98, 17.95), (49.98, 18.10), (49.92, 18.33), (49.90, 19.0)]
# Saxony's other borders (with Prussia and the Thuringian states), east to west.
SAXONY_REST = [(50.85, 14.82), (50.98, 14.86), (51.12, 14.80), (51.25, 14.68),
               (51.36, 14.50), (51.42, 14.20), (51.37, 14.00), (51.38, 13.76),
               (51.42, 13.45), (51.42, 13.20), (51.40, 13.05), (51.45, 12.80),
               (51.47, 12.55), (51.42, 12.30), (51.30, 12.17), (51.15, 12.20),
               (51.05, 12.32), (50.92, 12.28), (50.80, 12.20), (50.65, 12.15),
               (50.55, 11.95), (50.42, 11.92), (50.32, 12.00), (50.27, 12.1)]
# Anhalt (Dessau, Köthen, Bernburg): a separate duchy ('-').
ANHALT = [(51.95, 11.70), (51.95, 12.50), (51.72, 12.50), (51.65, 12.00), (51.70, 11.70)]


def austria_polygon():
    pts = BAVARIA_BOHEMIA + SAXONY_BOHEMIA[1:] + PRUSSIA_AUSTRIA[1:]
    pts += [(47.0, 19.5), (47.0, 13.2)]
    return pts


def saxony_polygon():
    return SAXONY_BOHEMIA + SAXONY_REST[1:]


def inside(pt, poly):
    y, x = pt
    n = len(poly)
    ins = False
    for i in range(n):
        y1, x1 = poly[i]
        y2, x2 = poly[(i + 1) % n]
        if (y1 > y) != (y2 > y):
            xi = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if x < xi:
                ins = not ins
    return ins


def other_polygon():
    # West of Saxony (Thuringian states) and Bavaria, bounded by Saxony and Bohemia.
    west = [(51.15, 9.0), (51.15, 11.8), (51.05, 12.15)]
    sax_w = [(50.92, 12.28), (50.80, 12.20), (50.65, 12.15), (50.55, 11.95), (50.42, 11.92),
             (50.32, 12.00), (50.27, 12.1)]
    return west + sax_w + BAVARIA_BOHEMIA[::-1][1:] + [(47.5, 13.2), (47.5, 9.0)]


# Rivers (lat, lon) from source/upstream to mouth/downstream.
RIVERS = {
    "Elbe": ("MajorRiver", [(50.77, 15.54), (50.63, 15.61), (50.561, 15.716), (50.444, 15.839),
                            (50.35, 15.92), (50.27, 15.86), (50.209, 15.833), (50.10, 15.80),
                            (50.038, 15.779), (50.03, 15.55), (50.028, 15.20),
                            (50.10, 15.10), (50.185, 15.043), (50.19, 14.85),
                            (50.187, 14.663), (50.30, 14.52), (50.350, 14.474),
                            (50.42, 14.26), (50.50, 14.17), (50.534, 14.131),
                            (50.661, 14.032), (50.78, 14.20), (50.90, 14.20), (50.962, 13.940),
                            (51.050, 13.738), (51.163, 13.472), (51.308, 13.294),
                            (51.434, 13.222), (51.560, 13.005), (51.866, 12.649),
                            (51.85, 12.25), (52.0, 11.9)]),
    "Moldau": ("MajorRiver", [(48.975, 14.474), (49.22, 14.42), (49.45, 14.20), (49.70, 14.33),
                              (49.90, 14.38), (50.087, 14.421), (50.243, 14.311),
                              (50.350, 14.474)]),
    "Oder": ("MajorRiver", [(49.92, 18.33), (50.092, 18.219), (50.335, 18.160), (50.47, 17.98),
                            (50.671, 17.926), (50.861, 17.467), (50.951, 17.297),
                            (51.110, 17.032), (51.25, 16.60), (51.45, 16.45),
                            (51.663, 16.085), (51.95, 15.6)]),
    "Iser": ("MinorRiver", [(50.84, 15.32), (50.70, 15.40), (50.60, 15.33), (50.64, 15.25),
                            (50.587, 15.157), (50.528, 14.983), (50.412, 14.906),
                            (50.29, 14.82), (50.19, 14.70)]),
    "Bistritz": ("MinorRiver", [(50.45, 15.58), (50.36, 15.66), (50.303, 15.686),
                                (50.24, 15.63), (50.15, 15.47), (50.12, 15.35), (50.06, 15.20)]),
    "Aupa": ("MinorRiver", [(50.74, 15.74), (50.63, 15.85), (50.561, 15.913), (50.48, 16.00),
                            (50.40, 16.05), (50.35, 15.95)]),
    "Mettau": ("MinorRiver", [(50.62, 16.10), (50.54, 16.23), (50.44, 16.18), (50.38, 16.12),
                              (50.35, 15.96)]),
    "Adler": ("MinorRiver", [(50.28, 16.45), (50.18, 16.40), (50.12, 16.21), (50.15, 16.06),
                             (50.20, 15.90), (50.209, 15.84)]),
    "Glatzer Neisse": ("MinorRiver", [(50.15, 16.68), (50.30, 16.65), (50.435, 16.661),
                                      (50.52, 16.80), (50.463, 17.022), (50.472, 17.333),
                                      (50.62, 17.45), (50.75, 17.55)]),
    "Lausitzer Neisse": ("MinorRiver", [(50.78, 15.05), (50.896, 14.807), (51.03, 14.95),
                                        (51.153, 14.987), (51.40, 14.97), (51.60, 14.75),
                                        (51.95, 14.70)]),
    "Eger": ("MinorRiver", [(50.080, 12.374), (50.15, 12.60), (50.231, 12.872),
                            (50.38, 13.27), (50.330, 13.546), (50.357, 13.797),
                            (50.44, 14.00), (50.50, 14.14)]),
    "March": ("MinorRiver", [(50.10, 16.85), (49.957, 16.975), (49.75, 17.10),
                             (49.594, 17.251), (49.45, 17.35), (49.298, 17.393),
                             (49.07, 17.46), (48.85, 17.13), (48.65, 16.95), (48.17, 16.98)]),
    "Mulde": ("MinorRiver", [(50.718, 12.496), (50.90, 12.68), (51.10, 12.75),
                             (51.30, 12.73), (51.46, 12.63), (51.80, 12.30)]),
    "Saale": ("MinorRiver", [(50.80, 11.60), (51.00, 11.75), (51.20, 11.90), (51.483, 11.970),
                             (51.75, 11.80)]),
}

# Relief. Crest lines (level 3, the rules' mountain hexes) and hill areas (level 2).
MOUNTAIN_CRESTS = {
    "Erzgebirge": [(50.40, 12.70), (50.43, 12.96), (50.52, 13.20), (50.62, 13.45)],
    "Riesengebirge": [(50.80, 15.40), (50.76, 15.60), (50.73, 15.78)],
    "Glatzer Schneeberg": [(50.22, 16.82), (50.16, 16.86)],
    "Adlergebirge": [(50.30, 16.42), (50.22, 16.52)],
    "Altvatergebirge": [(50.18, 17.12), (50.08, 17.23), (50.03, 17.26)],
    "Böhmerwald": [(49.10, 13.40), (48.90, 13.65)],
}
HILL_AREAS = {
    "Erzgebirge slopes": [(50.25, 12.25), (50.62, 12.55), (50.80, 13.40), (50.85, 13.80),
                          (50.72, 13.85), (50.55, 13.40), (50.40, 12.90), (50.30, 12.50)],
    "Elbsandstein and Lusatian mountains": [(50.95, 14.05), (50.98, 14.30), (50.88, 14.85),
                                            (50.74, 14.75), (50.80, 14.20)],
    "Bohemian Mittelgebirge": [(50.62, 13.85), (50.70, 14.30), (50.52, 14.35),
                               (50.46, 13.95)],
    "Iser- and Riesengebirge foothills": [(50.92, 15.10), (50.85, 15.95), (50.62, 15.95),
                                          (50.60, 15.45), (50.72, 15.10)],
    "Waldenburg and Eulengebirge": [(50.92, 15.95), (50.82, 16.60), (50.62, 16.72),
                                    (50.62, 16.05)],
    "Glatz mountains": [(50.62, 16.30), (50.55, 16.72), (50.40, 17.10), (50.15, 17.45),
                        (49.85, 17.40), (49.92, 16.80), (50.05, 16.45), (50.35, 16.25)],
    "Bohemian-Moravian Heights": [(49.70, 15.60), (49.75, 16.20), (49.30, 16.40),
                                  (48.95, 15.60), (49.10, 15.00), (49.45, 15.10)],
    "Böhmerwald": [(49.50, 12.60), (49.30, 13.40), (48.75, 14.00), (48.70, 13.60),
                   (49.10, 12.80), (49.45, 12.45)],
    "Brdy": [(49.85, 13.75), (49.85, 14.15), (49.55, 14.05), (49.55, 13.75)],
    "Moravian Gate hills": [(49.80, 17.60), (49.70, 18.10), (49.45, 17.95),
                            (49.55, 17.55)],
}
WOODS = {
    "Dresdner Heide": [(51.12, 13.82), (51.12, 13.95), (51.05, 13.95), (51.05, 13.82)],
    "Görlitzer Heide": [(51.40, 15.00), (51.40, 15.45), (51.22, 15.45), (51.22, 15.00)],
    "Dübener Heide": [(51.72, 12.45), (51.72, 12.75), (51.58, 12.75), (51.58, 12.45)],
    "Böhmerwald": [(49.35, 13.05), (49.20, 13.45), (48.85, 13.85), (48.80, 13.55),
                   (49.10, 13.05)],
    "Brdy": [(49.80, 13.85), (49.80, 14.10), (49.60, 14.05), (49.60, 13.85)],
    "Riesengebirge": [(50.82, 15.30), (50.76, 15.85), (50.68, 15.85), (50.74, 15.30)],
}

# Roads (main chaussées of 1866), each a list of waypoints (names or (lat, lon)).
ROADS = [
    ("Leipzig", "Riesa", "Meissen", "Dresden"),
    ("Torgau", "Mühlberg", "Riesa"),
    ("Leipzig", "Halle"),
    ("Leipzig", "Altenburg", "Zwickau", "Plauen", "Hof"),
    ("Dresden", "Freiberg", "Chemnitz", "Zwickau"),
    ("Chemnitz", "Leipzig"),
    ("Chemnitz", (50.62, 13.20), "Komotau", "Saaz", "Laun", (50.23, 14.08), "Prague"),
    ("Dresden", "Pirna", (50.80, 13.92), "Teplitz", "Lobositz", "Theresienstadt", (50.33, 14.27),
     "Kralup", "Prague"),
    ("Dresden", "Großenhain", "Torgau"),
    ("Dresden", "Kamenz"),
    ("Dresden", "Bautzen", "Löbau", "Görlitz", "Lauban", "Hirschberg"),
    ("Görlitz", "Bunzlau", "Liegnitz", "Breslau"),
    ("Löbau", "Zittau", "Gabel", "Reichenberg"),
    ("Bautzen", "Rumburg", "Böhmisch Leipa", "Melnik", "Prague"),
    ("Görlitz", "Friedland", "Reichenberg", "Turnau", "Münchengrätz", "Jungbunzlau", "Brandeis",
     "Prague"),
    ("Gabel", "Münchengrätz"),
    ("Leitmeritz", "Böhmisch Leipa"),
    ("Turnau", "Gitschin", "Horitz", "Sadowa", "Königgrätz"),
    ("Jungbunzlau", "Gitschin"),
    ("Hirschberg", "Landeshut", "Trautenau", "Königinhof", "Josefstadt"),
    ("Breslau", "Schweidnitz", "Waldenburg", "Braunau", "Nachod"),
    ("Schweidnitz", "Landeshut"),
    ("Liegnitz", "Jauer", "Schweidnitz"),
    ("Breslau", "Frankenstein", "Glatz", "Reinerz", "Nachod", "Skalitz", "Josefstadt",
     "Königgrätz"),
    ("Glatz", "Patschkau", "Neisse", "Neustadt (O.S.)", "Kosel"),
    ("Breslau", "Ohlau", "Brieg", "Oppeln", "Kosel", "Ratibor"),
    ("Neisse", "Brieg"),
    ("Neisse", "Freiwaldau", "Sternberg", "Olmütz"),
    ("Neustadt (O.S.)", "Jägerndorf", "Troppau", "Olmütz"),
    ("Leobschütz", "Troppau"),
    ("Ratibor", "Troppau"),
    ("Prague", "Kolin", "Czaslau", "Deutschbrod", "Iglau", "Znaim", "Stockerau", "@3517"),
    ("Kolin", "Nimburg", "Jungbunzlau"),
    ("Kolin", "Pardubitz", "Königgrätz"),
    ("Königgrätz", "Hohenmauth", "Zwittau", "Mährisch Trübau", "Littau", "Olmütz"),
    ("Zwittau", "Brünn", "Stockerau", "@3517"),  # on to Vienna
    ("Olmütz", "Brünn"),
    ("Olmütz", "Prerau", "Kremsier"),
    ("Prerau", "Mährisch Weisskirchen", "Oderberg"),
    ("Pardubitz", "Chrudim", "Deutschbrod"),
    ("Iglau", "Brünn"),
    ("Prague", "Tabor", "Budweis"),
    ("Prague", "Pilsen", "Eger"),
    ("Pilsen", "Karlsbad", "Eger", "Hof"),
    ("Karlsbad", "Saaz"),
]
# Railways open in June 1866.
RAILWAYS = [
    ("Halle", "Leipzig", "Riesa", "Dresden"),  # Leipzig-Dresden 1839
    ("Riesa", (51.40, 13.22), "Torgau", (51.80, 13.10)),  # Berlin-Anhalt via Röderau 1848
    ("Riesa", "Chemnitz", "Zwickau"),  # 1852, 1858
    ("Leipzig", "Altenburg", "Zwickau", "Plauen", "Hof"),  # Saxon-Bavarian
    ("Dresden", "Freiberg"),  # 1862
    ("Dresden", "Pirna", "Bodenbach", "Aussig", "Lobositz", "Theresienstadt", "Raudnitz",
     "Kralup", "Prague"),  # 1851
    ("Aussig", "Teplitz"),  # 1858
    ("Dresden", "Bautzen", "Löbau", "Görlitz", "Kohlfurt", "Bunzlau", "Liegnitz", "Breslau"),
    ("Görlitz", "Lauban"),  # 1865
    ("Löbau", "Zittau", "Reichenberg"),  # 1848, 1859
    ("Reichenberg", "Turnau", "Stara Paka", "Königinhof", "Josefstadt", "Königgrätz",
     "Pardubitz"),  # Süd-Norddeutsche Verbindungsbahn 1857-59
    ("Josefstadt", "Schwadowitz"),  # 1859
    ("Turnau", "Münchengrätz", "Jungbunzlau", "Kralup"),  # Turnau-Kralup 1865
    ("Prague", "Kolin", "Pardubitz", "Böhmisch Trübau", "Hohenstadt", "Olmütz", "Prerau"),
    ("Böhmisch Trübau", "Brünn", "Lundenburg", "Vienna"),
    ("Prerau", "Kremsier", "Lundenburg"),  # Nordbahn
    ("Prerau", "Mährisch Weisskirchen", "Oderberg", "Ratibor", "Kosel", "Oppeln", "Brieg",
     "Ohlau", "Breslau"),  # Upper Silesian railway
    ("Neisse", "Brieg"),  # 1848
    # (Neisse - Neustadt - Kosel opened only in 1876: left out.)
    ("Breslau", "Freiburg", "Schweidnitz"),  # 1843-44
    ("Freiburg", "Waldenburg"),  # 1853
    ("Prague", "Pilsen"),  # Böhmische Westbahn 1862
]


# ---------------------------------------------------------------- rasterising
def chain(waypoints):
    """Hexes visited by a polyline through geographic waypoints, adjacent steps only."""
    pts = [geo_to_map(*w) for w in waypoints]
    out = []
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        n = max(2, int(math.hypot(x1 - x0, y1 - y0) / 0.05))
        for i in range(n + 1):
            t = i / n
            h = pixel_to_hex(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
            if not out or out[-1] != h:
                out.append(h)
    # drop back-and-forth wiggles (a, b, a) -> (a)
    changed = True
    while changed:
        changed = False
        for i in range(len(out) - 2):
            if out[i] == out[i + 2]:
                del out[i + 1:i + 3]
                changed = True
                break
    # remove loops: if a hex recurs, cut the loop
    res = []
    for h in out:
        if h in res:
            res = res[: res.index(h) + 1]
        else:
            res.append(h)
    # straighten zigzags: drop a hex whose neighbours in the chain are adjacent, unless it
    # is a waypoint (a town the line must pass through)
    keep = {pixel_to_hex(x, y) for x, y in pts}
    i = 0
    while i + 2 < len(res):
        if res[i + 1] not in keep and adjacent(res[i], res[i + 2]):
            del res[i + 1]
        else:
            i += 1
    for a, b in zip(res, res[1:]):
        assert adjacent(a, b), (a, b)
    return res


def clip(ch):
    """Splits a chain into the runs that lie on the map."""
    runs, cur = [], []
    for h in ch:
        if on_map(*h):
            cur.append(h)
        else:
            if len(cur) >= 2:
                runs.append(cur)
            cur = []
    if len(cur) >= 2:
        runs.append(cur)
    return runs


def seg_cross(p1, p2, p3, p4):
    def orient(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    d1, d2 = orient(p3, p4, p1), orient(p3, p4, p2)
    d3, d4 = orient(p1, p2, p3), orient(p1, p2, p4)
    return (d1 > 0) != (d2 > 0) and (d3 > 0) != (d4 > 0)


def river_sides(waypoints):
    """Hexsides whose centre-to-centre segment the river line crosses (an odd number of times)."""
    pts = [geo_to_map(*w) for w in waypoints]
    # nudge off exact hex centres (towns on the river sit on one bank)
    pts = [(x + 0.013, y + 0.007) for x, y in pts]
    sides = set()
    for c in range(0, COLS + 2):
        for r in range(0, ROWS + 2):
            for d in ("NE", "SE", "S"):
                n = neighbours(c, r)[DIRS[d]]
                if not (on_map(c, r) or on_map(*n)):
                    continue
                a, b = centre(c, r), centre(*n)
                k = sum(1 for p, q in zip(pts, pts[1:]) if seg_cross(a, b, p, q))
                if k % 2 == 1:
                    sides.add(((c, r), d, n))
    return sides


def solve3(m, v):
    """Solves a 3x3 linear system by Cramer's rule."""
    def det(a):
        return (a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1])
                - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
                + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0]))
    d = det(m)
    out = []
    for k in range(3):
        mk = [row[:] for row in m]
        for i in range(3):
            mk[i][k] = v[i]
        out.append(det(mk) / d)
    return out


def alternative_fits():
    """Checks of the chosen similarity fit: a general affine fit and leave-one-out."""
    rows = [(z.real, z.imag, 1.0) for z in ZS]
    m = [[sum(r[i] * r[j] for r in rows) for j in range(3)] for i in range(3)]
    ce = solve3(m, [sum(r[i] * g.real for r, g in zip(rows, GS)) for i in range(3)])
    cn = solve3(m, [sum(r[i] * g.imag for r, g in zip(rows, GS)) for i in range(3)])
    res = [abs(complex(ce[0] * r[0] + ce[1] * r[1] + ce[2], cn[0] * r[0] + cn[1] * r[1] + cn[2])
               - g) for r, g in zip(rows, GS)]
    sx = math.hypot(ce[0], cn[0]) * SQ3
    sy = math.hypot(ce[1], cn[1]) * SQ3
    print(f"affine fit: rms {math.sqrt(sum(r * r for r in res) / len(res)):.1f} km, "
          f"{sx:.1f} km per hex from column to column, {sy:.1f} km from row to row")
    for k, (nm, h, _, _) in enumerate(ANCHORS):
        zs = ZS[:k] + ZS[k + 1:]
        gs = GS[:k] + GS[k + 1:]
        n = len(zs)
        mz, mg = sum(zs) / n, sum(gs) / n
        a = sum((g - mg) * (z - mz).conjugate() for z, g in zip(zs, gs)) / sum(
            abs(z - mz) ** 2 for z in zs)
        b = mg - a * mz
        r = abs(a * ZS[k] + b - GS[k])
        print(f"  without {nm:15s}: {abs(a) * SQ3:.2f} km/hex, rotation "
              f"{math.degrees(math.atan2(a.imag, a.real)):.1f}, its own miss {r:.1f} km")


def main():
    report = "--report" in sys.argv
    scale = abs(A) * SQ3
    rot = math.degrees(math.atan2(A.imag, A.real))
    print(f"fit: {scale:.2f} km per hex (centre to centre), grid rotated {rot:.1f} degrees "
          f"(map north points to bearing {(-rot) % 360:.0f} true)")
    tot = 0.0
    for (nm, h, la, lo), z, g in zip(ANCHORS, ZS, GS):
        r = abs(A * z + B - g)
        tot += r * r
        print(f"  {nm:15s} {h}  residual {r:5.1f} km = {r / scale:.2f} hex")
    print(f"  rms {math.sqrt(tot / len(ANCHORS)):.1f} km")
    for c, r in [(1, 1), (COLS, 1), (1, ROWS), (COLS, ROWS), (10, 7), (18, 5), (23, 2)]:
        la, lo = hex_to_geo(c, r)
        print(f"  hex {name(c, r)} lies at {la:.2f} N {lo:.2f} E")
    for nm, la, lo, kind in PLACES:
        c, r = geo_to_hex(la, lo)
        if report:
            print(f"  {nm:20s} -> {name(c, r)}{'' if on_map(c, r) else ' (off map)'}")
    for nm, h, la, lo in ANCHORS:
        assert name(*geo_to_hex(la, lo)) == h, (nm, h, geo_to_hex(la, lo))
    if report:
        alternative_fits()
        return
    write_ron()


def grid(fn):
    return ["".join(fn(c, r) for c in range(1, COLS + 1)) for r in range(1, ROWS + 1)]


def write_ron():
    aus, sax, oth = austria_polygon(), saxony_polygon(), other_polygon()

    def country(c, r):
        g = hex_to_geo(c, r)
        if inside(g, sax):
            return "S"
        if inside(g, aus):
            return "A"
        if inside(g, oth) or inside(g, ANHALT):
            return "-"
        return "P"

    countries = grid(country)
    # The rules' cited hexes decide where the coarse border must fall.
    fixed = {"1007": "P", "1805": "P", "2302": "P", "1208": "S", "2502": "P", "2704": "P",
             "3002": "P", "3301": "P", "1609": "A", "1811": "A", "2406": "A", "2507": "A",
             "3305": "A", "2307": "A",
             # 13.2 "within 2 hexes of 2302, in Prussia": the qualifier needs Bohemian hexes
             # in reach. 2304 (Schatzlar, the Liebau pass) and 2403 (the Braunau salient)
             # straddle the border; we give them to Bohemia.
             "2304": "A", "2403": "A",
             # 1804 (Marklissa, north of the Friedland salient) joins 1805 to Prussia.
             "1804": "P"}
    rows = [list(s) for s in countries]
    for h, v in fixed.items():
        c, r = parse(h)
        rows[r - 1][c - 1] = v
    countries = ["".join(x) for x in rows]

    places = []
    seen = set()
    for nm, la, lo, kind in PLACES:
        h = geo_to_hex(la, lo)
        if kind and on_map(*h):
            if h in seen:
                print(f"  warning: {nm} shares hex {name(*h)}, left out")
                continue
            seen.add(h)
            places.append((name(*h), nm, kind))
    place_kind = {parse(h): k for h, _, k in places}

    elev = {}
    for poly in HILL_AREAS.values():
        for c in range(1, COLS + 1):
            for r in range(1, ROWS + 1):
                if inside(hex_to_geo(c, r), poly):
                    elev[(c, r)] = 2
    for crest in MOUNTAIN_CRESTS.values():
        for h in chain(crest):
            if on_map(*h) and h not in place_kind:
                elev[h] = 3
    elevation = grid(lambda c, r: str(elev.get((c, r), 1)))

    woods = set()
    for poly in WOODS.values():
        for c in range(1, COLS + 1):
            for r in range(1, ROWS + 1):
                if inside(hex_to_geo(c, r), poly):
                    woods.add((c, r))

    def terr(c, r):
        k = place_kind.get((c, r))
        if k == "City":
            return "t"
        if k == "Fortress":
            return "F"
        return "w" if (c, r) in woods else "."

    terrain = grid(terr)

    roads = []
    for rd in ROADS:
        roads += clip(chain(P(*rd)))
    rails = []
    for rw in RAILWAYS:
        rails += clip(chain(P(*rw)))
    crossing = set()
    for ch in roads + rails:
        for a, b in zip(ch, ch[1:]):
            crossing.add(frozenset((a, b)))

    sides = {}
    river_of = {}
    for rn, (kind, line) in RIVERS.items():
        for (h, d, n) in sorted(river_sides(line)):
            key = frozenset((h, n))
            if key in sides and sides[key][1] == "MajorRiver":
                continue
            sides[key] = (h, kind, d)
            river_of[key] = rn
    # Keep each side on a hex that is on the map.
    side_list = []
    for key, (h, kind, d) in sides.items():
        n = neighbours(*h)[DIRS[d]]
        if not on_map(*h):
            opp = {"N": "S", "S": "N", "NE": "SW", "SW": "NE", "SE": "NW", "NW": "SE"}[d]
            h, d = n, opp
        side_list.append((river_of[key], h, d, kind, key in crossing))
    side_list.sort(key=lambda s: (list(RIVERS).index(s[0]), s[1][0], s[1][1], s[2]))

    labels = []
    lab_seen = set()
    for nm, la, lo, kind in PLACES:
        h = geo_to_hex(la, lo)
        if on_map(*h) and h not in lab_seen and nm not in NO_LABEL:
            lab_seen.add(h)
            labels.append((name(*h), nm))
    for nm, pts in MOUNTAIN_CRESTS.items():
        h = geo_to_hex(*pts[len(pts) // 2])
        if on_map(*h) and h not in lab_seen:
            lab_seen.add(h)
            labels.append((name(*h), nm))

    o = []
    w = o.append
    w("// The Sadowa Campaign 1866 (Turning Point Simulations): the game map.")
    w("//")
    w("// RECONSTRUCTED: the rulebook prints no map. Only the hex numbers the rules cite are the")
    w("// publisher's: 1007 (Prussian supply source, Elbe Army), 1208 Dresden, 1609")
    w("// Theresienstadt, 1805 (First Army), 1811 Prague, 2302 (Second Army), 2307 Sadowa, 2406")
    w("// Josefstadt, 2502 Schweidnitz, 2507 Königgrätz, 2704 Glatz, 3002 Neisse, 3301 Kosel, 3305")
    w("// Olmütz, and the south-edge exit hexes 2917-3517. Everything else (map size, borders,")
    w("// relief, woods, rivers, roads, railways, cities) is our reconstruction: the grid was")
    w("// fitted by least squares to the real positions of the cited places (about "
      f"{abs(A) * SQ3:.0f} km per hex;")
    w("// the map's north edge faces bearing "
      f"{(-math.degrees(math.atan2(A.imag, A.real))) % 360:.0f} degrees true) and the 1866 "
      "geography was laid")
    w("// on it with the same transform. GENERATED by")
    w("// tools/sadowa_map.py; docs/games/sadowa-map.md lists every choice and its sources.")
    w("// Owners of the physical game can correct any row or list below (or the script).")
    w("//")
    w("// Hex numbers are XXYY (column, row); flat-topped hexes, odd columns sit higher.")
    w("// Hexside directions: N, NE, SE, S, SW, NW.")
    w("(")
    w('    name: "The Sadowa Campaign, June-July 1866",')
    w("    board: (")
    w(f"        cols: {COLS},")
    w(f"        rows: {ROWS},")
    w("        // Legend: . clear, w woods (forest), t city, F fortress.")
    w("        legend: [('.', Clear), ('w', Woods), ('t', Town), ('F', Fortress)],")
    tens = "".join(str(c // 10) for c in range(1, COLS + 1))
    ones = "".join(str(c % 10) for c in range(1, COLS + 1))
    w("        // RECONSTRUCTED terrain. Columns 01..35 left to right.")
    w(f"        //                 {tens}")
    w(f"        //                 {ones}")
    w("        terrain_rows: [")
    for i, s in enumerate(terrain):
        w(f'            "{s}", // row {i + 1:02}')
    w("        ],")
    w("        // RECONSTRUCTED relief: 1 lowland, 2 hills or rough, 3 mountain (7.2.3, 7.4.1).")
    w("        elevation_rows: [")
    for i, s in enumerate(elevation):
        w(f'            "{s}", // row {i + 1:02}')
    w("        ],")
    w("        // RECONSTRUCTED rivers: (hex, side, kind, bridge). A bridge where a road or railway")
    w("        // crosses.")
    w("        hexsides: [")
    cur = None
    for rn, h, d, kind, br in side_list:
        if rn != cur:
            w(f"            // {rn}")
            cur = rn
        w(f'            ("{name(*h)}", {d}, {kind}, {"true" if br else "false"}),')
    w("        ],")
    w("        // RECONSTRUCTED main roads (chaussées) of 1866, chains of adjacent hexes.")
    w("        roads: [")
    for ch in roads:
        w("            [" + ", ".join(f'"{name(*h)}"' for h in ch) + "],")
    w("        ],")
    w("        // RECONSTRUCTED railways open in June 1866.")
    w("        railways: [")
    for ch in rails:
        w("            [" + ", ".join(f'"{name(*h)}"' for h in ch) + "],")
    w("        ],")
    w("        labels: [")
    for h, nm in labels:
        w(f'            ("{h}", "{nm}"),')
    w("        ],")
    w("    ),")
    w("    // RECONSTRUCTED countries of 1866: P Prussia, S Saxony, A Austria (Bohemia, Moravia,")
    w("    // Austrian Silesia, Lower Austria), - other states (Thuringia, Bavaria).")
    w("    country_rows: [")
    for i, s in enumerate(countries):
        w(f'        "{s}", // row {i + 1:02}')
    w("    ],")
    w("    // Cities and fortresses (2.1, 9.2, 14.0). The fortresses are the eight of 13.1/13.2.")
    w("    places: [")
    for h, nm, kind in sorted(places):
        w(f'        (hex: "{h}", name: "{nm}", kind: {kind}),')
    w("    ],")
    w(")")
    out = "\n".join(o) + "\n"
    import os
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scenarios", "maps",
                        "sadowa.ron")
    with open(path, "w", encoding="utf-8") as f:
        f.write(out)
    print(f"wrote {os.path.normpath(path)}")
    if "--png" in sys.argv:
        png(sys.argv[sys.argv.index("--png") + 1], side_list, roads, rails, countries,
            elevation, places)
    for s in countries:
        print("  " + s)
    print()
    for s1, s2, s3 in zip(terrain, elevation, countries):
        print("  " + s1 + "  " + s2)


def png(path, ron_sides, roads, rails, countries, elevation, places):
    """Debug picture of the generated map (pure Python PNG writer)."""
    import struct
    import zlib
    k = 22.0  # pixels per hex-size unit
    W, H = int((COLS * 1.5 + 1) * k), int((ROWS + 1) * SQ3 * k)
    img = bytearray(b"\xff" * (W * H * 3))

    def put(x, y, col):
        if 0 <= x < W and 0 <= y < H:
            i = (y * W + x) * 3
            img[i:i + 3] = bytes(col)

    base = {"P": (200, 200, 210), "S": (170, 210, 170), "A": (235, 200, 190), "-": (245, 245, 245)}
    for y in range(H):
        for x in range(W):
            c, r = pixel_to_hex(x / k - 1.0, y / k - SQ3 / 2)
            if on_map(c, r):
                col = base[countries[r - 1][c - 1]]
                e = elevation[r - 1][c - 1]
                if e == "2":
                    col = tuple(int(v * 0.85) for v in col)
                elif e == "3":
                    col = tuple(int(v * 0.6) for v in col)
                put(x, y, col)

    def line(p, q, col, w=1):
        (x0, y0), (x1, y1) = p, q
        n = int(max(abs(x1 - x0), abs(y1 - y0)) * k) + 1
        for i in range(n + 1):
            t = i / n
            px = int((x0 + (x1 - x0) * t + 1.0) * k)
            py = int((y0 + (y1 - y0) * t + SQ3 / 2) * k)
            for dx in range(-w + 1, w):
                for dy in range(-w + 1, w):
                    put(px + dx, py + dy, col)

    for ch in roads:
        for a, b in zip(ch, ch[1:]):
            line(centre(*a), centre(*b), (150, 90, 20), 1)
    for ch in rails:
        for a, b in zip(ch, ch[1:]):
            line(centre(*a), centre(*b), (0, 0, 0), 1)
    for rn, h, d, kind, br in ron_sides:
        n = neighbours(*h)[DIRS[d]]
        (ax, ay), (bx, by) = centre(*h), centre(*n)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        dx, dy = (by - ay) / SQ3 * 0.577, -(bx - ax) / SQ3 * 0.577
        col = (0, 60, 230) if kind == "MajorRiver" else (60, 150, 255)
        line((mx - dx, my - dy), (mx + dx, my + dy), col, 2 if kind == "MajorRiver" else 1)
    for h, nm, kind in places:
        x, y = centre(*parse(h))
        col = (200, 0, 0) if kind == "Fortress" else (120, 0, 120)
        for dx in range(-3, 4):
            for dy in range(-3, 4):
                put(int((x + 1) * k) + dx, int((y + SQ3 / 2) * k) + dy, col)
    raw = b"".join(b"\x00" + bytes(img[y * W * 3:(y + 1) * W * 3]) for y in range(H))

    def chunk(t, d):
        c = struct.pack(">I", len(d)) + t + d
        return c + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 2, 0, 0, 0))
    data += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(data)
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
