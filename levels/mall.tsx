<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="mall" tilewidth="32" tileheight="32" tilecount="43" columns="8">
 <image source="../assets/tiles/mall.png" width="256" height="192"/>
 <tile id="0">
  <properties>
   <property name="kind" propertytype="TileKind" value="floor_a"/>
   <property name="solid" type="bool" value="false"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="kind" propertytype="TileKind" value="floor_b"/>
   <property name="solid" type="bool" value="false"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="kind" propertytype="TileKind" value="carpet"/>
   <property name="solid" type="bool" value="false"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="kind" propertytype="TileKind" value="wood"/>
   <property name="solid" type="bool" value="false"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="kind" propertytype="TileKind" value="entrance"/>
   <property name="solid" type="bool" value="false"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="kind" propertytype="TileKind" value="wall"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="kind" propertytype="TileKind" value="window"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="kind" propertytype="TileKind" value="rack"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="kind" propertytype="TileKind" value="shelf"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="kind" propertytype="TileKind" value="mannequin"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="kind" propertytype="TileKind" value="counter"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
   <property name="kind" propertytype="TileKind" value="plant"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="12">
  <properties>
   <property name="kind" propertytype="TileKind" value="table"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="13">
  <properties>
   <property name="kind" propertytype="TileKind" value="chair"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="14">
  <properties>
   <property name="kind" propertytype="TileKind" value="bench"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="15">
  <properties>
   <property name="kind" propertytype="TileKind" value="paving"/>
   <property name="solid" type="bool" value="false"/>
  </properties>
 </tile>
 <tile id="16">
  <properties>
   <property name="kind" propertytype="TileKind" value="grass"/>
   <property name="solid" type="bool" value="false"/>
  </properties>
 </tile>
 <tile id="17">
  <properties>
   <property name="kind" propertytype="TileKind" value="cobble"/>
   <property name="solid" type="bool" value="false"/>
  </properties>
 </tile>
 <tile id="18">
  <properties>
   <property name="kind" propertytype="TileKind" value="brick"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="19">
  <properties>
   <property name="kind" propertytype="TileKind" value="door"/>
   <property name="solid" type="bool" value="false"/>
  </properties>
 </tile>
 <tile id="20">
  <properties>
   <property name="kind" propertytype="TileKind" value="hedge"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="21">
  <properties>
   <property name="kind" propertytype="TileKind" value="tree"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="22">
  <properties>
   <property name="kind" propertytype="TileKind" value="awning_red"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="23">
  <properties>
   <property name="kind" propertytype="TileKind" value="awning_teal"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="24">
  <properties>
   <property name="kind" propertytype="TileKind" value="awning_gold"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="25">
  <properties>
   <property name="kind" propertytype="TileKind" value="crates"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="26">
  <properties>
   <property name="kind" propertytype="TileKind" value="fountain"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="27">
  <properties>
   <property name="kind" propertytype="TileKind" value="fountain"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="28">
  <properties>
   <property name="kind" propertytype="TileKind" value="fountain"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="29">
  <properties>
   <property name="kind" propertytype="TileKind" value="fountain"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="30">
  <properties>
   <property name="kind" propertytype="TileKind" value="lamp"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="31">
  <properties>
   <property name="kind" propertytype="TileKind" value="marble"/>
   <property name="solid" type="bool" value="false"/>
  </properties>
 </tile>
 <tile id="32">
  <properties>
   <property name="kind" propertytype="TileKind" value="mosaic"/>
   <property name="solid" type="bool" value="false"/>
  </properties>
 </tile>
 <tile id="33">
  <properties>
   <property name="kind" propertytype="TileKind" value="column"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="34">
  <properties>
   <property name="kind" propertytype="TileKind" value="runner"/>
   <property name="solid" type="bool" value="false"/>
  </properties>
 </tile>
 <tile id="35">
  <properties>
   <property name="kind" propertytype="TileKind" value="inlay"/>
   <property name="solid" type="bool" value="false"/>
  </properties>
 </tile>
 <tile id="36">
  <properties>
   <property name="kind" propertytype="TileKind" value="inlay"/>
   <property name="solid" type="bool" value="false"/>
  </properties>
 </tile>
 <tile id="37">
  <properties>
   <property name="kind" propertytype="TileKind" value="inlay"/>
   <property name="solid" type="bool" value="false"/>
  </properties>
 </tile>
 <tile id="38">
  <properties>
   <property name="kind" propertytype="TileKind" value="inlay"/>
   <property name="solid" type="bool" value="false"/>
  </properties>
 </tile>
 <tile id="39">
  <properties>
   <property name="kind" propertytype="TileKind" value="canopy"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="40">
  <properties>
   <property name="kind" propertytype="TileKind" value="leaves"/>
   <property name="solid" type="bool" value="false"/>
  </properties>
 </tile>
 <tile id="41">
  <properties>
   <property name="kind" propertytype="TileKind" value="drain"/>
   <property name="solid" type="bool" value="false"/>
  </properties>
 </tile>
 <tile id="42">
  <properties>
   <property name="kind" propertytype="TileKind" value="flowers"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
</tileset>
