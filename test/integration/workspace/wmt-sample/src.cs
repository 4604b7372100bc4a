Novák pomohl Trabzonsporu k druhému místu, trefil se i Škoda
Obránce Filip Novák pomohl gólem v posledním kole turecké fotbalové ligy Trabzonsporu k titulu vicemistra.
Jeho tým zvítězil 2:1 na hřišti Kayserisporu a udržel za sebou třetí Besiktas.
Útočník Milan Škoda dal po lednovém přestupu ze Slavie již desátou branku za Rizespor, který se zachránil, i když podlehl 1:3 na hřišti Fenerbahce.
Novák potvrdil na obránce výbornou produktivitu sedmým gólem v tomto ligovém ročníku.
V 63. minutě gólman Kayserisporu jen vyrazil prudkou střelu a český fotbalista z úhlu napálil míč do sítě.
Domácím se povedlo pět minut před koncem vyrovnat, ale Trabzonspor v šesté minutě nastavení strhl vítězství na svou stranu, když úspěšně zakončil brejk čtyři na jednoho.
Škoda v úvodu druhého poločasu utkání s Fenerbahce vyrovnal po sólu na 1:1.
Rizespor sice nerozhodný stav dlouho neudržel, ale mrzet ho to nemuselo, neboť díky výsledkům soupeřů za sebou zůstal tři body nad sestupovým pásmem.
Soutěž zakončí nedělní duel mistrovského Basaksehiru na hřišti Kasimpasy.
Dobře utajená Jeskyně u poustevníka v lesích u Nového Boru ve skutečnosti nebyla obyvatelná
Na severu Čech v podhůří Lužických hor, nedaleko Nového Boru na Českolipsku, v lesích, kterými vedla Hraběcí cesta, se ukrývá několik pískovcových skalních útvarů.
Přírodních i uměle vytvořených.
A my se vydáme za tím lidskou rukou vytvořeným.
Místu se říká Jeskyně u poustevníka.
Ve skutečnosti tu ale nikdy žádný poustevník nežil a jeskyně sloužila jako úkryt, přesněji úkrytová komora zřejmě na obilí.
Jeskyně je vytesaná z boku do skalní ostrožny a přístupná po schodech shora.
Přitom ale do poslední chvíle prakticky není vidět.
Prozradí ji až úzké schody vedoucí na jakousi skalní galerii, odkud se teprve vstupuje do skály.
I když se zdá, že komora je značně daleko od lidských obydlí, v době vzniku mohlo být na náhorní plošině, kde je dnes les, pole.
"To, že ten objekt nemá okno a ani na tradičním místě umístěné topeniště, jednoznačně prokazuje, že tady žádný poustevník nemohl nikdy přežít zimu," vysvětluje historik Kamil Podroužek z Filozofické fakulty Jana Evangelisty Purkyně v Ústí nad Labem.
Jednoprostorový objekt má vzadu pouze kamennou lavici sloužící zřejmě k odkládání nádob.
"Vidím to jako komoru na uložení nějakých potravin nebo produktů z pole," dodává Kamil Podroužek.
Na stěnách jeskyně jsou patrné stopy po nástrojích.
Odlamování pískovce špičákem bylo pro zasvěcené celkem jednoduché a rychlé.
Stačilo vhodně využívat spáry a pískovec postupně odlamovat.
Podle délky stopy po špičáku a vůbec způsobu sekání se dá rámcově určit období vzniku jeskyně.
Podle historika jde pravděpodobně o konec 18. století.
Jeskyně je volně přístupná a podle nepořádku, který se v ní objevuje, tam v dnešních dobách někdo občas přespává.
Pokud se přiblížíte k jeskyni shora od jedné z lesních cest a zaujme vás pod jeskyní tekoucí potůček a nedaleká hraběcí cesta, tak stezku dolů určitě najdete také.
