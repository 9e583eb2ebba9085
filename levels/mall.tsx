<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="mall" tilewidth="32" tileheight="32" tilecount="15" columns="8">
 <image source="../assets/tiles/mall.png" width="256" height="64"/>
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
</tileset>
